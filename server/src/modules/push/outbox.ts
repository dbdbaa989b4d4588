import type { PushMessage } from '@mtumba/contract/push';
import type { Executor } from '../../db/database.js';
import { now } from '../../db/database.js';
import { pushRepository } from './repository.js';

export type { PushMessage } from '@mtumba/contract/push';

/** Title and body are cut to these lengths, so a payload stays far below the 4 KB a push may carry. */
const MAX_TITLE = 80;
const MAX_BODY = 240;

function cut(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`;
}

/** The JSON the service worker receives (docs/architecture.md, Push notifications). */
export function pushPayload(message: PushMessage): string {
  return JSON.stringify({
    title: cut(message.title, MAX_TITLE),
    body: cut(message.body, MAX_BODY),
    url: message.url.slice(0, 300),
    tag: message.tag.slice(0, 64),
  });
}

function outboxRows(subscriptionIds: number[], template: string, message: PushMessage, at: string) {
  const payload = pushPayload(message);
  return subscriptionIds.map((id) => ({
    subscription_id: id,
    payload,
    template,
    status: 'pending' as const,
    attempts: 0,
    next_attempt_at: at,
    locked_until: null,
    last_error: null,
    sent_at: null,
    created_at: at,
  }));
}

async function queueFor(db: Executor, subscriptionIds: number[], template: string, message: PushMessage) {
  await pushRepository(db).queue(outboxRows(subscriptionIds, template, message, now()));
}

/**
 * Puts a notification for every phone or browser of one customer in the push outbox, in the
 * transaction of the change that causes it (as e-mail does); nothing when they subscribed none.
 */
export async function queuePush(
  db: Executor,
  userId: number | null,
  template: string,
  message: PushMessage,
): Promise<void> {
  if (userId === null) return;
  await queueFor(db, await pushRepository(db).idsOfUser(userId), template, message);
}

/** One notification for one customer, as `queuePushes` takes them. */
export interface CustomerPush {
  userId: number;
  template: string;
  message: PushMessage;
}

/**
 * `queuePush` for many customers at once (a run of the shopper alerts): their subscriptions are
 * read in one query, whatever the number of customers, and the rows inserted together.
 */
export async function queuePushes(db: Executor, pushes: readonly CustomerPush[]): Promise<void> {
  if (pushes.length === 0) return;
  const repo = pushRepository(db);
  const subscriptions = await repo.idsOfUsers(pushes.map((p) => p.userId));
  const at = now();
  await repo.queue(pushes.flatMap((p) => outboxRows(subscriptions.get(p.userId) ?? [], p.template, p.message, at)));
}

/** The same for every admin's subscribed phones and browsers (the admin bell's events). */
export async function queueAdminPush(db: Executor, template: string, message: PushMessage): Promise<void> {
  await queueFor(db, await pushRepository(db).idsOfAdmins(), template, message);
}
