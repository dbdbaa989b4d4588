import Echo from 'laravel-echo';
import Pusher from 'pusher-js';
import WebSocket from 'ws';

function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms waiting for ${what}`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** A list that records what arrives and lets a test wait for the first item matching. */
class Inbox<T> {
  readonly items: T[] = [];
  private readonly waiters = new Set<() => void>();

  push(item: T): void {
    this.items.push(item);
    for (const wake of this.waiters) wake();
  }

  next(match: (item: T) => boolean, what: string, timeoutMs = 10_000): Promise<T> {
    const found = this.items.find(match);
    if (found !== undefined) return Promise.resolve(found);
    let wake: () => void = () => {};
    return withTimeout(
      new Promise<T>((resolve) => {
        wake = () => {
          const hit = this.items.find(match);
          if (hit !== undefined) resolve(hit);
        };
        this.waiters.add(wake);
      }),
      timeoutMs,
      what,
    ).finally(() => this.waiters.delete(wake));
  }
}

export interface EchoClient {
  echo: Echo<'pusher'>;
  /** payloads of `order.status.updated` on this user's private orders channel, in order */
  updates: Inbox<{ id: number; status: string; updated_at: string }>;
  /** errors pusher-js reported for subscriptions (a refused authorisation, say) */
  subscriptionErrors: Inbox<{ status?: number; type?: string }>;
  /** resolves once the server confirmed the subscription */
  subscribed(): Promise<void>;
  close(): void;
}

/**
 * A Laravel Echo client (with pusher-js) pointed at the shop as docs/realtime.md tells, listening
 * on `private-orders.{userId}` for `order.status.updated` the way a client written to the spec does.
 */
export function echoOrders(baseUrl: string, options: { key: string; token: string; userId: number }): EchoClient {
  const url = new URL(baseUrl);
  const echo = new Echo({
    broadcaster: 'pusher',
    key: options.key,
    cluster: 'mt1',
    wsHost: url.hostname,
    wsPort: Number(url.port),
    wssPort: Number(url.port),
    forceTLS: false,
    enabledTransports: ['ws'],
    disableStats: true,
    authEndpoint: `${baseUrl}/broadcasting/auth`,
    // Not `bearerToken`: Echo writes that into a headers object all its instances share, and a
    // test runs several clients side by side.
    auth: { headers: { Authorization: `Bearer ${options.token}` } },
    Pusher,
  });
  const updates = new Inbox<{ id: number; status: string; updated_at: string }>();
  const subscriptionErrors = new Inbox<{ status?: number; type?: string }>();
  const channel = echo.private(`orders.${options.userId}`);
  channel.listen('.order.status.updated', (payload: { id: number; status: string; updated_at: string }) =>
    updates.push(payload),
  );
  const subscribed = new Promise<void>((resolve) => channel.subscribed(() => resolve()));
  channel.error((error: { status?: number; type?: string }) => subscriptionErrors.push(error));
  return {
    echo,
    updates,
    subscriptionErrors,
    subscribed: () => withTimeout(subscribed, 15_000, `the subscription to private-orders.${options.userId}`),
    close: () => echo.disconnect(),
  };
}

export interface RawMessage {
  event: string;
  channel?: string;
  data: unknown;
}

export interface RawPusher {
  ws: WebSocket;
  messages: Inbox<RawMessage>;
  send(message: { event: string; channel?: string; data?: unknown }): void;
  next(event: string, what?: string): Promise<RawMessage>;
  /** resolves with the close code once the server closes the connection */
  closed: Promise<{ code: number; reason: string }>;
  close(): void;
}

/** A bare WebSocket speaking the Pusher protocol, for what Echo would never send. */
export async function rawPusher(
  baseUrl: string,
  key: string,
  query = 'protocol=7&client=js&version=8.4.0',
): Promise<RawPusher> {
  const ws = new WebSocket(`${baseUrl.replace(/^http/, 'ws')}/app/${key}?${query}`);
  const messages = new Inbox<RawMessage>();
  ws.on('message', (raw) => {
    const message = JSON.parse(raw.toString()) as RawMessage;
    messages.push(message);
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    ws.on('close', (code, reason) => resolve({ code, reason: reason.toString() })),
  );
  await withTimeout(
    new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    }),
    10_000,
    'the WebSocket to open',
  );
  return {
    ws,
    messages,
    send: (message) => ws.send(JSON.stringify({ data: {}, ...message })),
    next: (event, what) => messages.next((m) => m.event === event, what ?? event),
    closed: withTimeout(closed, 10_000, 'the server to close the WebSocket'),
    close: () => ws.close(),
  };
}

/** `data` of a server message as an object (the protocol sends most of them as JSON text). */
export function dataOf(message: RawMessage): Record<string, unknown> {
  return (typeof message.data === 'string' ? JSON.parse(message.data) : message.data) as Record<string, unknown>;
}
