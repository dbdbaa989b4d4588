import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';

/**
 * The Pusher Channels protocol (version 7), as far as Mtumba offers it: see docs/realtime.md.
 * Pure helpers; the WebSocket server is in ./server.ts.
 */

export const PROTOCOL_VERSION = 7;
/** Protocol versions whose messages are the same as 7's for what is offered here. */
const SUPPORTED_PROTOCOLS = new Set([5, 6, 7]);
/** Seconds of silence after which a client should ping; pusher-js uses the smaller of this and its own. */
export const ACTIVITY_TIMEOUT_SECONDS = 120;
/** Seconds the server waits for `pusher:pong` after its own `pusher:ping`. */
export const PONG_TIMEOUT_SECONDS = 30;
/** Pusher's own limit on one message. */
export const MAX_MESSAGE_BYTES = 10 * 1024;
export const MAX_CHANNEL_NAME_LENGTH = 164;
export const MAX_CHANNELS_PER_CONNECTION = 100;

/**
 * The protocol's error codes in use. 4000–4099: the client must not reconnect; 4100–4199:
 * reconnect after a pause; 4200–4299: reconnect at once; 4300–4399: other errors.
 */
export const ErrorCode = {
  applicationDoesNotExist: 4001,
  unsupportedProtocol: 4007,
  unauthorized: 4009,
  reconnectNow: 4200,
  pongNotReceived: 4201,
} as const;

export type ServerMessage = { event: string; channel?: string; data: unknown };

/** Encodes a message: every `data` but `pusher:error`'s is itself a JSON string, as pusher-js expects. */
export function encode(message: ServerMessage): string {
  const data =
    message.event === 'pusher:error' || typeof message.data === 'string' ? message.data : JSON.stringify(message.data);
  return JSON.stringify(message.channel === undefined ? { event: message.event, data } : { ...message, data });
}

export const errorMessage = (message: string, code: number | null = null): ServerMessage => ({
  event: 'pusher:error',
  data: { code, message },
});

/** A new socket id: two numbers joined by a dot, the form auth endpoints check. */
export function newSocketId(): string {
  return `${randomInt(1, 2 ** 40)}.${randomInt(1, 2 ** 40)}`;
}

export const SOCKET_ID_PATTERN = /^\d{1,20}\.\d{1,20}$/;

const CHANNEL_NAME_PATTERN = /^[A-Za-z0-9_\-=@,.;]+$/;

export function isValidChannelName(name: string): boolean {
  return name.length > 0 && name.length <= MAX_CHANNEL_NAME_LENGTH && CHANNEL_NAME_PATTERN.test(name);
}

export type ChannelKind = 'public' | 'private' | 'presence' | 'encrypted';

export function channelKind(name: string): ChannelKind {
  if (name.startsWith('private-encrypted-')) return 'encrypted';
  if (name.startsWith('private-')) return 'private';
  if (name.startsWith('presence-')) return 'presence';
  return 'public';
}

/** HMAC-SHA256 of `socket_id:channel_name` under the app secret, in lowercase hex. */
export function channelSignature(secret: string, socketId: string, channel: string): string {
  return createHmac('sha256', secret).update(`${socketId}:${channel}`).digest('hex');
}

/** The `auth` an auth endpoint answers with: `key:signature`. */
export function channelAuth(key: string, secret: string, socketId: string, channel: string): string {
  return `${key}:${channelSignature(secret, socketId, channel)}`;
}

/** Whether `auth` (as sent with `pusher:subscribe`) authorises this socket on this channel. */
export function verifyChannelAuth(
  key: string,
  secret: string,
  socketId: string,
  channel: string,
  auth: unknown,
): boolean {
  if (typeof auth !== 'string') return false;
  const separator = auth.indexOf(':');
  if (separator < 0 || auth.slice(0, separator) !== key) return false;
  const given = Buffer.from(auth.slice(separator + 1), 'utf8');
  const expected = Buffer.from(channelSignature(secret, socketId, channel), 'utf8');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * The `/app/{key}` path of a WebSocket upgrade, or undefined for any other path. `protocol` is
 * the requested protocol version (undefined when the client sent none, which is accepted).
 */
export function parseConnectionUrl(url: string | undefined): { key: string; protocol?: string } | undefined {
  if (!url) return undefined;
  const parsed = new URL(url, 'http://localhost');
  const match = /^\/app\/([^/]+)\/?$/.exec(parsed.pathname);
  if (!match) return undefined;
  let key = match[1]!;
  try {
    key = decodeURIComponent(key);
  } catch {
    // a malformed escape is just a wrong key
  }
  return { key, protocol: parsed.searchParams.get('protocol') ?? undefined };
}

export function isSupportedProtocol(protocol: string | undefined): boolean {
  if (protocol === undefined) return true;
  return /^\d+$/.test(protocol) && SUPPORTED_PROTOCOLS.has(Number(protocol));
}

export type ClientMessage = { event: string; channel?: string; data: unknown };

/** A client's message, or undefined when it is not a JSON object with an event name. */
export function decode(raw: string): ClientMessage | undefined {
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return undefined;
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) return undefined;
  const { event, channel, data } = value as Record<string, unknown>;
  if (typeof event !== 'string' || event === '') return undefined;
  // Some clients send `data` as a JSON string.
  let body = data;
  if (typeof data === 'string') {
    try {
      body = JSON.parse(data);
    } catch {
      body = data;
    }
  }
  return { event, channel: typeof channel === 'string' ? channel : undefined, data: body };
}
