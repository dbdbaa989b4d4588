import type { FastifyBaseLogger } from 'fastify';
import webpush from 'web-push';
import type { Db } from '../../db/database.js';
import { deliverDueOutbox, type DeliveryOptions, type DeliveryResult } from '../../lib/outbox-delivery.js';
import type { Vapid } from './keys.js';
import { pushRepository } from './repository.js';

/** How long a push service keeps a notification for a phone that is off: a day. */
export const PUSH_TTL_SECONDS = 24 * 60 * 60;
const REQUEST_TIMEOUT_MS = 15_000;

/** A push the push service refused; `permanent` ones are not tried again. */
export class PushError extends Error {
  constructor(
    message: string,
    readonly permanent: boolean,
  ) {
    super(message);
    this.name = 'PushError';
  }
}

/**
 * Sends the notifications that are due, through the shared outbox loop (claim, retry with
 * growing delays, give up). Each is encrypted for its subscription (RFC 8291, aes128gcm) and
 * signed with the shop's VAPID key (RFC 8292) by web-push, and posted to the push service. A 404
 * or 410 means the browser unsubscribed: the subscription is removed and the push given up; a 429
 * or a server error is retried; any other refusal is given up at once.
 */
export async function deliverDuePush(
  db: Db,
  vapid: Vapid,
  log: FastifyBaseLogger,
  options: DeliveryOptions = {},
): Promise<DeliveryResult> {
  const subscriptions = pushRepository(db);
  return deliverDueOutbox(
    db,
    {
      table: 'push_outbox',
      columns: ['subscription_id', 'payload'],
      async send(row) {
        const sub = await subscriptions.findById(row.subscription_id);
        if (!sub) throw new PushError('the subscription was removed before the push went out', true);
        const request = webpush.generateRequestDetails(
          { endpoint: sub.endpoint, keys: { p256dh: sub.p256dh, auth: sub.auth } },
          row.payload,
          {
            vapidDetails: vapid,
            TTL: PUSH_TTL_SECONDS,
            contentEncoding: 'aes128gcm',
            urgency: 'normal',
          },
        );
        const headers = Object.fromEntries(
          Object.entries(request.headers as Record<string, string | number>)
            // fetch sets the length itself
            .filter(([name]) => name.toLowerCase() !== 'content-length')
            .map(([name, value]) => [name, String(value)]),
        );
        let response: Response;
        try {
          response = await fetch(request.endpoint, {
            method: 'POST',
            headers,
            body: request.body as Buffer,
            redirect: 'manual',
            signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
          });
        } catch (err) {
          throw new PushError(`push service not reached: ${err instanceof Error ? err.message : String(err)}`, false);
        }
        await response.body?.cancel();
        if (response.ok) {
          await subscriptions.markSuccess(sub.id, new Date().toISOString());
          return;
        }
        if (response.status === 404 || response.status === 410) {
          await subscriptions.remove(sub.id);
          throw new PushError(
            `push service answered ${response.status}: the subscription is gone and was removed`,
            true,
          );
        }
        const retry = response.status === 408 || response.status === 429 || response.status >= 500;
        throw new PushError(`push service answered ${response.status}`, !retry);
      },
      isPermanent: (err) => err instanceof PushError && err.permanent,
      log: {
        idField: 'pushId',
        gaveUp: 'push notification not sent, given up',
        retrying: 'push notification not sent, will retry',
      },
    },
    log,
    options,
  );
}
