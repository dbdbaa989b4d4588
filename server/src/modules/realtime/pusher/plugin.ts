import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { apiErrorSchema } from '@mtumba/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Redis } from 'ioredis';
import { z } from 'zod';
import { forbidden } from '../../../lib/errors.js';
import { realtimeRepository } from '../repository.js';
import { ADMIN_CHANNEL, mayListen, ordersChannel } from './channels.js';
import { channelAuth, MAX_CHANNEL_NAME_LENGTH, SOCKET_ID_PATTERN } from './protocol.js';
import { PusherServer } from './server.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The Pusher-protocol server for Laravel Echo clients (docs/realtime.md); null when turned off. */
    pusher: PusherServer | null;
  }
}

/** What instances tell each other through Redis: an event to deliver, or a channel to re-authorise. */
type Relayed =
  { kind: 'event'; channel: string; event: string; data: unknown } | { kind: 'reauthorise'; channel: string };

/** The Redis channel the instances of one shop (one database) share for Pusher deliveries. */
export const pusherRelayChannel = (identity: string) => `mtumba:${identity}:pusher`;

export const NOT_YOUR_CHANNEL_MESSAGE = 'You may not listen on this channel.';

const authBody = z.object({
  socket_id: z
    .string({ error: 'The socket_id field is required.' })
    .regex(SOCKET_ID_PATTERN, 'The socket_id field must be a socket id such as 1234.5678.'),
  channel_name: z
    .string({ error: 'The channel_name field is required.' })
    .min(1, 'The channel_name field is required.')
    .max(
      MAX_CHANNEL_NAME_LENGTH,
      `The channel_name field must not be greater than ${MAX_CHANNEL_NAME_LENGTH} characters.`,
    ),
});

/**
 * Live order updates over the Pusher protocol at `/app/{key}`, beside Socket.IO, with the channel
 * authorisation endpoint Echo calls (`/broadcasting/auth`). Instances share deliveries through
 * Redis when it is configured: the instance where an event happens only publishes it, and every
 * instance (itself included) delivers it to its own connections, so each subscriber gets it once.
 */
export default fp(
  async (app) => {
    const { pusher: settings } = app.config;
    if (!settings.enabled) {
      app.decorate('pusher', null);
      return;
    }
    const server = new PusherServer({
      key: settings.key,
      secret: settings.secret,
      log: app.log,
      connections: { limits: app.realtimeConnections, trustProxy: app.config.trustProxy },
      authTimeoutSeconds: app.config.realtime.authTimeoutSeconds,
    });
    app.decorate('pusher', server);

    const onUpgrade = (request: IncomingMessage, socket: Duplex, head: Buffer) => {
      server.handleUpgrade(request, socket, head);
    };
    app.server.on('upgrade', onUpgrade);

    const deliverLocally = (message: Relayed) => {
      if (message.kind === 'event') server.deliver(message.channel, message.event, message.data);
      else server.reauthorise(message.channel);
    };

    let relay: (message: Relayed) => void = deliverLocally;
    let subscriber: Redis | undefined;
    if (app.redis) {
      const publisher = app.redis;
      const identity = await realtimeRepository(app.db).identity(
        app.config.database.kind === 'sqlite' ? app.config.database.file : undefined,
      );
      const channel = pusherRelayChannel(identity);
      // A subscriber connection has no use for ioredis' ready check, which can race SUBSCRIBE.
      const sub = app.redis.duplicate({ enableReadyCheck: false });
      subscriber = sub;
      sub.on('error', (err) => app.log.error({ err }, 'pusher relay redis error'));
      sub.on('message', (from: string, text: string) => {
        if (from !== channel) return;
        try {
          deliverLocally(JSON.parse(text) as Relayed);
        } catch (err) {
          app.log.error({ err }, 'could not deliver a relayed pusher message');
        }
      });
      sub.subscribe(channel).catch((err: unknown) => app.log.error({ err }, 'pusher relay subscribe failed'));
      relay = (message) => {
        publisher
          .publish(channel, JSON.stringify(message))
          .catch((err: unknown) => app.log.error({ err }, 'could not publish a pusher message'));
      };
    }

    const unsubscribe = forwardDomainEvents(app, relay);

    app.addHook('preClose', async () => {
      for (const off of unsubscribe) off();
      server.close();
    });
    app.addHook('onClose', async () => {
      app.server.off('upgrade', onUpgrade);
      server.forceClose();
      if (subscriber) await subscriber.quit().then(undefined, () => subscriber.disconnect());
    });

    const routes = app.withTypeProvider<ZodTypeProvider>();
    for (const url of ['/broadcasting/auth', '/api/broadcasting/auth']) {
      routes.post(
        url,
        {
          onRequest: app.requireUser,
          schema: {
            tags: ['realtime'],
            summary: 'Authorise a Pusher (Laravel Echo) connection on a private channel',
            description:
              'Form or JSON body. `private-orders.{userId}` is open to that user only, `private-admin` to admins. The answer is what `pusher:subscribe` sends as `auth`.',
            body: authBody,
            response: {
              200: z.object({ auth: z.string() }),
              401: apiErrorSchema,
              403: apiErrorSchema,
              422: apiErrorSchema,
            },
          },
        },
        async (request) => {
          const { socket_id, channel_name } = request.body;
          if (!request.user || !mayListen(request.user, channel_name)) throw forbidden(NOT_YOUR_CHANNEL_MESSAGE);
          return { auth: channelAuth(settings.key, settings.secret, socket_id, channel_name) };
        },
      );
    }
  },
  { name: 'pusher', dependencies: ['db', 'auth', 'redis', 'realtime'] },
);

/** The same domain events Socket.IO forwards, with the same payloads, on the Pusher channels. */
function forwardDomainEvents(app: FastifyInstance, relay: (message: Relayed) => void): Array<() => void> {
  const send = (channel: string, event: string, data: unknown) => {
    // The emitter is synchronous: a failure here must never reach the service that emitted.
    try {
      relay({ kind: 'event', channel, event, data });
    } catch (err) {
      app.log.error({ err, event }, 'could not forward a live update over pusher');
    }
  };

  return [
    app.events.on('order.status.updated', ({ userId, id, status, updated_at }) => {
      if (userId !== null) send(ordersChannel(userId), 'order.status.updated', { id, status, updated_at });
    }),
    app.events.on('payment.updated', ({ userId, orderId, reference, status }) => {
      if (userId !== null) send(ordersChannel(userId), 'payment.updated', { order_id: orderId, reference, status });
    }),
    app.events.on('order.created', ({ id, status, total_amount, created_at }) => {
      send(ADMIN_CHANNEL, 'order.created', { id, status, total_amount, created_at });
    }),
    app.events.on('order.paid', ({ id, status, updated_at }) => {
      send(ADMIN_CHANNEL, 'order.paid', { id, status, updated_at });
    }),
    app.events.on('order.pay_on_delivery', ({ id, status, total_amount, updated_at }) => {
      send(ADMIN_CHANNEL, 'order.pay_on_delivery', { id, status, total_amount, updated_at });
    }),
    app.events.on('order.cancel_requested', ({ id, cancel_requested_at }) => {
      send(ADMIN_CHANNEL, 'order.cancel_requested', { id, cancel_requested_at });
    }),
    // Subscriptions were authorised with a token; when tokens stop working, the user's
    // connections reconnect and authorise again, and those of a revoked token are refused.
    app.events.on('auth.tokens.revoked', ({ userId }) => {
      try {
        relay({ kind: 'reauthorise', channel: ordersChannel(userId) });
      } catch (err) {
        app.log.error({ err }, 'could not re-authorise pusher channels');
      }
      realtimeRepository(app.db)
        .isAdmin(userId)
        .then((isAdmin) => {
          if (isAdmin !== false) relay({ kind: 'reauthorise', channel: ADMIN_CHANNEL });
        })
        .catch((err: unknown) => app.log.error({ err }, 'could not re-authorise the pusher admin channel'));
    }),
  ];
}
