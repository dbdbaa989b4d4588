import {
  pushPublicKeySchema,
  pushSubscribedSchema,
  pushSubscriptionSchema,
  pushUnsubscribeSchema,
} from '@mtumba/contract/push';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { isIP } from 'node:net';
import { z } from 'zod';
import { now } from '../../db/database.js';
import { invalidField } from '../../lib/errors.js';
import { errorReplies, signedInUser } from '../../lib/http.js';
import { pushRepository } from './repository.js';

const tags = ['account'];
/** Phones and browsers one account keeps subscribed; subscribing one more drops the oldest. */
export const MAX_SUBSCRIPTIONS_PER_USER = 10;
export const PUSH_ON = 'Notifications are on for this phone.';
export const PUSH_OFF = 'Notifications are off for this phone.';

/**
 * Whether the shop may post to this endpoint. Real push services are public https addresses;
 * outside production a local stand-in (http, localhost) is allowed for development and tests.
 */
function endpointProblem(endpoint: string, production: boolean): string | undefined {
  if (!production) return undefined;
  const url = new URL(endpoint);
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (url.protocol !== 'https:') return 'The subscription endpoint must be an https address.';
  if (isIP(host) !== 0 || host === 'localhost' || host.endsWith('.localhost') || !host.includes('.')) {
    return 'The subscription endpoint must be a push service on the internet.';
  }
  return undefined;
}

/** Web Push: the public key, and a signed-in customer's or admin's subscriptions (docs/product.md). */
const pushRoutes: FastifyPluginAsyncZod = async (app) => {
  const production = app.config.env === 'production';

  app.get(
    '/push/public-key',
    {
      schema: {
        tags,
        summary: 'The VAPID public key to subscribe with (PushManager.subscribe’s applicationServerKey)',
        response: { 200: pushPublicKeySchema },
      },
    },
    async () => ({ public_key: app.push.publicKey }),
  );

  app.post(
    '/push/subscriptions',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary:
          'Turn notifications on for this browser: the body is its PushSubscription as JSON (the same endpoint again changes nothing)',
        body: pushSubscriptionSchema,
        response: { 201: pushSubscribedSchema, ...errorReplies(401, 422) },
      },
    },
    async (request, reply) => {
      const user = signedInUser(request);
      const { endpoint, keys } = request.body;
      const problem = endpointProblem(endpoint, production);
      if (problem) throw invalidField('endpoint', problem);
      const p256dh = Buffer.from(keys.p256dh, 'base64url');
      if (p256dh.length !== 65 || p256dh[0] !== 4) {
        throw invalidField('keys.p256dh', "The subscription's p256dh key is not a P-256 public key.");
      }
      if (Buffer.from(keys.auth, 'base64url').length !== 16) {
        throw invalidField('keys.auth', "The subscription's auth key must be 16 bytes.");
      }
      await app.db.transaction().execute(async (trx) => {
        const repo = pushRepository(trx);
        await repo.save(user.id, { endpoint, p256dh: keys.p256dh, auth: keys.auth }, now());
        await repo.keepNewest(user.id, MAX_SUBSCRIPTIONS_PER_USER);
      });
      return reply.code(201).send({ subscribed: true as const, message: PUSH_ON });
    },
  );

  app.get(
    '/push/subscriptions/status',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: 'Whether this endpoint is subscribed for the signed-in user',
        querystring: pushUnsubscribeSchema,
        response: { 200: z.object({ subscribed: z.boolean() }), ...errorReplies(401, 422) },
      },
    },
    async (request) => ({
      subscribed: await pushRepository(app.db).hasOwn(signedInUser(request).id, request.query.endpoint),
    }),
  );

  app.delete(
    '/push/subscriptions',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: 'Turn notifications off for this browser (only the signed-in user’s own endpoint)',
        body: pushUnsubscribeSchema,
        response: {
          200: z.object({ removed: z.boolean(), message: z.string() }),
          ...errorReplies(401, 422),
        },
      },
    },
    async (request) => {
      const removed = await pushRepository(app.db).removeOwn(signedInUser(request).id, request.body.endpoint);
      return { removed, message: PUSH_OFF };
    },
  );
};

export default pushRoutes;
