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

async function queueFor(db: Executor, subscriptionIds: number[], template: string, message: PushMessage) {
  const at = now();
  const payload = pushPayload(message);
  await pushRepository(db).queue(
    subscriptionIds.map((id) => ({
      subscription_id: id,
      payload,
      template,
      status: 'pending',
      attempts: 0,
      next_attempt_at: at,
      locked_until: null,
      last_error: null,
      sent_at: null,
      created_at: at,
    })),
  );
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

/** The same for every admin's subscribed phones and browsers (the admin bell's events). */
export async function queueAdminPush(db: Executor, template: string, message: PushMessage): Promise<void> {
  await queueFor(db, await pushRepository(db).idsOfAdmins(), template, message);
}
