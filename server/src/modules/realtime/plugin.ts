import { ADMIN_ROOM, userRoom, type ClientToServerEvents, type ServerToClientEvents } from '@mtumba/contract';
import { ServerResponse, type IncomingMessage } from 'node:http';
import { createAdapter } from '@socket.io/redis-adapter';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';
import { Server, type Socket } from 'socket.io';
import type { DomainEventMap } from '../../lib/events.js';
import { tokenRepository } from '../accounts/token-repository.js';
import { clientAddress, ConnectionLimits, refuseUpgrade, tooManyConnectionsMessage } from './connection-limits.js';
import { realtimeRepository } from './repository.js';

// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- instances only relay adapter messages
export interface InterServerEvents {}

export interface SocketData {
  userId: number;
  tokenId: number;
  isAdmin: boolean;
}

export type RealtimeServer = Server<ClientToServerEvents, ServerToClientEvents, InterServerEvents, SocketData>;
type RealtimeSocket = Socket<ClientToServerEvents, ServerToClientEvents, InterServerEvents, SocketData>;

declare module 'fastify' {
  interface FastifyInstance {
    /** The Socket.IO server of live order updates (docs/architecture.md section 8). */
    io: RealtimeServer;
    /** this instance's count of live-update connections (Socket.IO and Pusher) per address and in all */
    realtimeConnections: ConnectionLimits;
  }
}

export const SOCKET_PATH = '/socket.io';
export const UNAUTHENTICATED_MESSAGE = 'Unauthenticated.';

/**
 * Internal rooms, never announced to clients: every socket of one token, and every socket of one
 * user. Revocations address them, so with the Redis adapter the instance holding the socket drops it.
 */
export const tokenRoom = (tokenId: number) => `token.${tokenId}`;
export const userSocketsRoom = (userId: number) => `user.${userId}`;

function handshakeToken(socket: RealtimeSocket): string | undefined {
  const auth = socket.handshake.auth as { token?: unknown } | undefined;
  const fromAuth = typeof auth?.token === 'string' ? auth.token : undefined;
  // Node clients may send the usual header instead of the handshake payload.
  const header = socket.handshake.headers.authorization;
  const raw = fromAuth ?? (typeof header === 'string' ? header : undefined);
  if (!raw) return undefined;
  const token = raw.replace(/^Bearer\s+/i, '').trim();
  return token === '' ? undefined : token;
}

function refusal(message: string, status: number): Error {
  return Object.assign(new Error(message), { data: { status, message } });
}

/** Live order updates over Socket.IO on the same port (docs/architecture.md section 8). */
export default fp(
  async (app) => {
    const tokens = tokenRepository(app.db);
    const repo = realtimeRepository(app.db);
    const { corsOrigins } = app.config;

    const { trustProxy, realtime: limitsConfig } = app.config;
    const connections = new ConnectionLimits({
      perAddress: limitsConfig.maxPerAddress,
      total: limitsConfig.maxTotal,
    });
    app.decorate('realtimeConnections', connections);

    const io: RealtimeServer = new Server(app.server, {
      path: SOCKET_PATH,
      serveClient: false,
      // Clients never send anything but the handshake.
      maxHttpBufferSize: 16 * 1024,
      cors: corsOrigins.length ? { origin: corsOrigins, credentials: false } : undefined,
      // A connection that has not signed in by then (no token, a refused one, or nothing sent) is closed.
      connectTimeout: limitsConfig.authTimeoutSeconds * 1000,
    });
    app.decorate('io', io);

    // A new connection from an address (or to an instance) at its limit is refused before anything
    // is set up for it: 429 to the handshake, on long-polling and on a WebSocket upgrade alike.
    io.engine.use((req: IncomingMessage, res: ServerResponse, next: (err?: unknown) => void) => {
      if (new URL(req.url ?? '/', 'http://x').searchParams.has('sid')) {
        next();
        return;
      }
      const refused = connections.refusal(clientAddress(req, trustProxy));
      if (!refused) {
        next();
        return;
      }
      const message = tooManyConnectionsMessage(refused);
      if (res instanceof ServerResponse) {
        res.writeHead(429, { 'Content-Type': 'application/json', 'Retry-After': '60' });
        res.end(JSON.stringify({ code: 429, message }));
      } else {
        refuseUpgrade(req.socket, message);
      }
    });
    io.engine.on(
      'connection',
      (socket: { request: IncomingMessage; close(): void; once(e: 'close', f: () => void): void }) => {
        const address = clientAddress(socket.request, trustProxy);
        // Two handshakes at the same moment may both have passed the check above: the later one goes.
        if (connections.open(address) !== 'ok') {
          socket.close();
          return;
        }
        socket.once('close', () => connections.close(address));
      },
    );

    let redisClients: Redis[] = [];
    if (app.redis) {
      const identity = await repo.identity(
        app.config.database.kind === 'sqlite' ? app.config.database.file : undefined,
      );
      const pub = app.redis.duplicate();
      // ioredis' ready check (INFO) can race the adapter's SUBSCRIBE on a fresh connection and
      // lose the subscriptions; a subscriber connection has no use for it.
      const sub = app.redis.duplicate({ enableReadyCheck: false });
      for (const client of [pub, sub]) client.on('error', (err) => app.log.error({ err }, 'socket.io redis error'));
      redisClients = [pub, sub];
      io.adapter(createAdapter(pub, sub, { key: `mtumba:${identity}:socket.io` }));
    }

    io.use((socket, next) => {
      const token = handshakeToken(socket);
      if (!token) {
        next(refusal(UNAUTHENTICATED_MESSAGE, 401));
        return;
      }
      tokens
        .authenticate(token, app.config.sessions)
        .then((found) => {
          if (!found) {
            next(refusal(UNAUTHENTICATED_MESSAGE, 401));
            return;
          }
          socket.data = { userId: found.user.id, tokenId: found.tokenId, isAdmin: found.user.is_admin };
          next();
        })
        .catch((err: unknown) => {
          app.log.error({ err }, 'socket authentication failed');
          next(refusal('The live updates service is unavailable. Please try again later.', 503));
        });
    });

    io.on('connection', (socket) => {
      const { userId, tokenId, isAdmin } = socket.data;
      const rooms = [userRoom(userId), tokenRoom(tokenId), userSocketsRoom(userId)];
      if (isAdmin) rooms.push(ADMIN_ROOM);
      void socket.join(rooms);
      // A revocation committed between the check above and joining the rooms would have missed
      // this socket; look once more now that any later revocation is sure to reach it.
      repo
        .isTokenLive(tokenId)
        .then((live) => {
          if (!live) socket.disconnect(true);
        })
        .catch((err: unknown) => {
          app.log.error({ err }, 'socket token re-check failed');
          // Dropping the transport (not a Socket.IO disconnect) makes the client try again later.
          socket.conn.close();
        });
    });

    const unsubscribe = forwardDomainEvents(app, io);

    app.addHook('preClose', async () => {
      for (const off of unsubscribe) off();
      // Open WebSockets and long-polls would otherwise keep the HTTP server from closing. Closing
      // the transports (rather than sending Socket.IO's disconnect) lets clients reconnect, to
      // another instance when there is one.
      io.engine.close();
    });
    app.addHook('onClose', async () => {
      await io.close();
      await Promise.all(redisClients.map((client) => client.quit().then(undefined, () => client.disconnect())));
    });
  },
  { name: 'realtime', dependencies: ['db', 'auth', 'redis'] },
);

/** Domain events (emitted after their transaction committed) become socket events. */
function forwardDomainEvents(app: FastifyInstance, io: RealtimeServer): Array<() => void> {
  const safely =
    <K extends keyof DomainEventMap>(name: K, send: (payload: DomainEventMap[K]) => void) =>
    (payload: DomainEventMap[K]) => {
      // The emitter is synchronous: a failure here must never reach the service that emitted.
      try {
        send(payload);
      } catch (err) {
        app.log.error({ err, event: name }, 'could not forward a live update');
      }
    };

  return [
    app.events.on(
      'order.status.updated',
      safely('order.status.updated', ({ userId, id, status, updated_at }) => {
        if (userId === null) return;
        io.to(userRoom(userId)).emit('order.status.updated', { id, status, updated_at });
      }),
    ),
    app.events.on(
      'payment.updated',
      safely('payment.updated', ({ userId, orderId, reference, status }) => {
        if (userId === null) return;
        io.to(userRoom(userId)).emit('payment.updated', { order_id: orderId, reference, status });
      }),
    ),
    app.events.on(
      'order.created',
      safely('order.created', ({ id, status, total_amount, created_at }) => {
        io.to(ADMIN_ROOM).emit('order.created', { id, status, total_amount, created_at });
      }),
    ),
    app.events.on(
      'order.paid',
      safely('order.paid', ({ id, status, updated_at }) => {
        io.to(ADMIN_ROOM).emit('order.paid', { id, status, updated_at });
      }),
    ),
    app.events.on(
      'order.pay_on_delivery',
      safely('order.pay_on_delivery', ({ id, status, total_amount, updated_at }) => {
        io.to(ADMIN_ROOM).emit('order.pay_on_delivery', { id, status, total_amount, updated_at });
      }),
    ),
    app.events.on(
      'order.cancel_requested',
      safely('order.cancel_requested', ({ id, cancel_requested_at }) => {
        io.to(ADMIN_ROOM).emit('order.cancel_requested', { id, cancel_requested_at });
      }),
    ),
    app.events.on(
      'saved_search.matched',
      safely('saved_search.matched', ({ userId, saved_search_id, product_id, product_name, matched_at }) => {
        io.to(userRoom(userId)).emit('saved_search.matched', { saved_search_id, product_id, product_name, matched_at });
      }),
    ),
    app.events.on(
      'offer.updated',
      safely('offer.updated', ({ userId, ...payload }) => {
        io.to(userRoom(userId)).emit('offer.updated', payload);
      }),
    ),
    app.events.on(
      'offer.changed',
      safely('offer.changed', (payload) => {
        io.to(ADMIN_ROOM).emit('offer.changed', payload);
      }),
    ),
    app.events.on(
      'auth.tokens.revoked',
      safely('auth.tokens.revoked', ({ userId, tokenIds }) => {
        if (tokenIds === 'all') {
          io.in(userSocketsRoom(userId)).disconnectSockets(true);
        } else if (Array.isArray(tokenIds)) {
          if (tokenIds.length) io.in(tokenIds.map(tokenRoom)).disconnectSockets(true);
        } else {
          io.in(userSocketsRoom(userId)).except(tokenRoom(tokenIds.allExcept)).disconnectSockets(true);
        }
      }),
    ),
  ];
}
