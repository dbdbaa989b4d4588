import type { ClientToServerEvents, ServerToClientEvents } from '@mtumba/contract';
import { io as connect, type Socket } from 'socket.io-client';

export type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;
type EventName = keyof ServerToClientEvents;
type Payload<E extends EventName> = Parameters<ServerToClientEvents[E]>[0];

export interface Received {
  event: EventName;
  payload: unknown;
}

/**
 * A socket.io-client connection that records every event it receives, in order, so a test can
 * wait for one event and then look at everything that came before it.
 */
export interface LiveClient {
  socket: ClientSocket;
  received: Received[];
  /** resolves with the first received event matching, including ones already received */
  next<E extends EventName>(
    event: E,
    match?: (payload: Payload<E>) => boolean,
    timeoutMs?: number,
  ): Promise<Payload<E>>;
  /** resolves with the reason once the server disconnects this socket */
  disconnected(timeoutMs?: number): Promise<string>;
  close(): void;
}

const EVENTS: EventName[] = [
  'order.status.updated',
  'order.created',
  'order.paid',
  'order.pay_on_delivery',
  'order.cancel_requested',
];

function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms waiting for ${what}`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

function open(
  baseUrl: string,
  token: string | undefined,
  transports: Array<'websocket' | 'polling'>,
  auth?: Record<string, unknown>,
): ClientSocket {
  return connect(baseUrl, {
    path: '/socket.io',
    auth: auth ?? (token === undefined ? {} : { token }),
    transports,
    reconnection: false,
    forceNew: true,
    timeout: 10_000,
  });
}

/** Connects and waits until the server accepted the connection. */
export async function connectClient(
  baseUrl: string,
  token: string,
  options: { transports?: Array<'websocket' | 'polling'> } = {},
): Promise<LiveClient> {
  const socket = open(baseUrl, token, options.transports ?? ['websocket']);
  const received: Received[] = [];
  const waiters = new Set<() => void>();
  for (const event of EVENTS) {
    socket.on(event, (payload: unknown) => {
      received.push({ event, payload });
      for (const wake of waiters) wake();
    });
  }
  let disconnectReason: string | undefined;
  const disconnectWaiters = new Set<(reason: string) => void>();
  socket.on('disconnect', (reason) => {
    disconnectReason = reason;
    for (const wake of disconnectWaiters) wake(reason);
  });

  await withTimeout(
    new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', (err) => reject(new Error(`connection refused: ${err.message}`)));
    }),
    15_000,
    'the socket to connect',
  );

  return {
    socket,
    received,
    next(event, match, timeoutMs = 10_000) {
      const find = () =>
        received.find((r) => r.event === event && (!match || match(r.payload as never)))?.payload as
          Payload<typeof event> | undefined;
      const found = find();
      if (found !== undefined) return Promise.resolve(found);
      let wake: () => void = () => {};
      return withTimeout(
        new Promise<Payload<typeof event>>((resolve) => {
          wake = () => {
            const hit = find();
            if (hit !== undefined) resolve(hit);
          };
          waiters.add(wake);
        }),
        timeoutMs,
        `${event} on the socket`,
      ).finally(() => waiters.delete(wake));
    },
    disconnected(timeoutMs = 10_000) {
      if (disconnectReason !== undefined) return Promise.resolve(disconnectReason);
      return withTimeout(
        new Promise<string>((resolve) => disconnectWaiters.add(resolve)),
        timeoutMs,
        'the server to disconnect the socket',
      );
    },
    close() {
      socket.disconnect();
    },
  };
}

/** Tries to connect and returns the error the server refused the connection with. */
export async function connectionRefusal(
  baseUrl: string,
  token: string | undefined,
  options: { auth?: Record<string, unknown>; transports?: Array<'websocket' | 'polling'> } = {},
): Promise<{ message: string; data?: unknown }> {
  const socket = open(baseUrl, token, options.transports ?? ['websocket'], options.auth);
  try {
    return await withTimeout(
      new Promise<{ message: string; data?: unknown }>((resolve, reject) => {
        socket.once('connect', () => reject(new Error('the server accepted the connection')));
        socket.once('connect_error', (err: Error & { data?: unknown }) =>
          resolve({ message: err.message, data: err.data }),
        );
      }),
      15_000,
      'the connection to be refused',
    );
  } finally {
    socket.disconnect();
  }
}

/** Polls `check` until it returns a value other than undefined/false, or fails after `timeoutMs`. */
export async function waitUntil<T>(
  what: string,
  check: () => Promise<T | undefined | false> | T | undefined | false,
  { timeoutMs = 20_000, intervalMs = 100 } = {},
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}
