import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type RawData, type WebSocket } from 'ws';
import {
  clientAddress,
  refuseUpgrade,
  tooManyConnectionsMessage,
  type ConnectionLimits,
} from '../connection-limits.js';
import {
  ACTIVITY_TIMEOUT_SECONDS,
  channelKind,
  decode,
  encode,
  ErrorCode,
  errorMessage,
  isSupportedProtocol,
  isValidChannelName,
  MAX_CHANNELS_PER_CONNECTION,
  MAX_MESSAGE_BYTES,
  newSocketId,
  parseConnectionUrl,
  PONG_TIMEOUT_SECONDS,
  verifyChannelAuth,
  type ClientMessage,
  type ServerMessage,
} from './protocol.js';

const MAX_BUFFERED_BYTES = 1024 * 1024;

export interface PusherServerOptions {
  key: string;
  secret: string;
  log: { warn(obj: object, msg: string): void };
  activityTimeoutSeconds?: number;
  pongTimeoutSeconds?: number;
  /** the instance's connection count (shared with Socket.IO): a connection over a limit gets 429 */
  connections?: { limits: ConnectionLimits; trustProxy: boolean };
  /** a connection with no private channel after this many seconds is closed (4009) */
  authTimeoutSeconds?: number;
}

interface Connection {
  socketId: string;
  ws: WebSocket;
  channels: Set<string>;
  lastSeen: number;
  pinged: boolean;
  /** closes the connection unless it subscribes to a private channel in time */
  authTimer?: NodeJS.Timeout;
}

/**
 * A Pusher-protocol WebSocket server over `ws`, sharing the HTTP server: only upgrades to
 * `/app/{key}` are taken, every other upgrade (Socket.IO's) is left alone. It delivers to the
 * connections of this process only; spreading events between instances is the plugin's work.
 */
export class PusherServer {
  private readonly wss = new WebSocketServer({
    noServer: true,
    maxPayload: MAX_MESSAGE_BYTES,
    perMessageDeflate: false,
  });
  private readonly connections = new Set<Connection>();
  private readonly channels = new Map<string, Set<Connection>>();
  private readonly activityTimeoutMs: number;
  private readonly pongTimeoutMs: number;
  private readonly heartbeat: NodeJS.Timeout;
  private closed = false;

  constructor(private readonly options: PusherServerOptions) {
    this.activityTimeoutMs = (options.activityTimeoutSeconds ?? ACTIVITY_TIMEOUT_SECONDS) * 1000;
    this.pongTimeoutMs = (options.pongTimeoutSeconds ?? PONG_TIMEOUT_SECONDS) * 1000;
    const checkEvery = Math.max(250, Math.min(this.activityTimeoutMs, this.pongTimeoutMs) / 4);
    this.heartbeat = setInterval(() => this.checkActivity(), checkEvery);
    this.heartbeat.unref();
  }

  /** The `upgrade` listener: true when the request was for this server (and is now handled). */
  handleUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer): boolean {
    const target = parseConnectionUrl(request.url);
    if (!target) return false;
    if (this.closed) {
      socket.destroy();
      return true;
    }
    const counted = this.options.connections;
    if (counted) {
      const address = clientAddress(request, counted.trustProxy);
      const opened = counted.limits.open(address);
      if (opened !== 'ok') {
        refuseUpgrade(socket, tooManyConnectionsMessage(opened));
        return true;
      }
      // Counted until the TCP connection ends, however the upgrade or the WebSocket ends.
      socket.once('close', () => counted.limits.close(address));
    }
    this.wss.handleUpgrade(request, socket, head, (ws) => this.accept(ws, target.key, target.protocol));
    return true;
  }

  /** Sends an event to every local subscriber of a channel; returns how many got it. */
  deliver(channel: string, event: string, data: unknown): number {
    const subscribers = this.channels.get(channel);
    if (!subscribers) return 0;
    const frame = encode({ event, channel, data });
    for (const connection of subscribers) {
      // A client that stopped reading must not make the server hold its messages forever.
      if (connection.ws.bufferedAmount > MAX_BUFFERED_BYTES) connection.ws.terminate();
      else connection.ws.send(frame);
    }
    return subscribers.size;
  }

  /**
   * Closes the local connections subscribed to a channel with "reconnect now": their clients
   * come back and authorise every private channel again, so a revoked token loses its channels.
   */
  reauthorise(channel: string): void {
    for (const connection of [...(this.channels.get(channel) ?? [])]) {
      connection.ws.close(ErrorCode.reconnectNow, 'Please reconnect and authorise again');
    }
  }

  get connectionCount(): number {
    return this.connections.size;
  }

  /** Closes every connection with "reconnect now" (clients move to another instance) and stops. */
  close(): void {
    this.closed = true;
    clearInterval(this.heartbeat);
    for (const connection of this.connections) connection.ws.close(ErrorCode.reconnectNow, 'Server shutting down');
    this.wss.close();
  }

  /** Drops whatever connection did not finish closing (a client that never answers the close). */
  forceClose(): void {
    for (const connection of this.connections) connection.ws.terminate();
  }

  private accept(ws: WebSocket, key: string, protocol: string | undefined): void {
    if (key !== this.options.key) {
      this.refuse(ws, ErrorCode.applicationDoesNotExist, `Application does not exist: unknown app key ${key}.`);
      return;
    }
    if (!isSupportedProtocol(protocol)) {
      this.refuse(ws, ErrorCode.unsupportedProtocol, `Unsupported protocol version ${protocol}; use 7.`);
      return;
    }
    const connection: Connection = {
      socketId: newSocketId(),
      ws,
      channels: new Set(),
      lastSeen: Date.now(),
      pinged: false,
    };
    this.connections.add(connection);
    if (this.options.authTimeoutSeconds) {
      const seconds = this.options.authTimeoutSeconds;
      connection.authTimer = setTimeout(() => {
        if (![...connection.channels].some((c) => channelKind(c) === 'private')) {
          this.refuse(
            ws,
            ErrorCode.unauthorized,
            `Subscribe to a private channel within ${seconds} second${seconds === 1 ? '' : 's'}.`,
          );
        }
      }, seconds * 1000);
      connection.authTimer.unref();
    }
    ws.on('message', (raw, isBinary) => this.onMessage(connection, raw, isBinary));
    ws.on('close', () => this.drop(connection));
    ws.on('error', (err) => this.options.log.warn({ err }, 'pusher connection error'));
    this.send(connection, {
      event: 'pusher:connection_established',
      data: { socket_id: connection.socketId, activity_timeout: Math.round(this.activityTimeoutMs / 1000) },
    });
  }

  private refuse(ws: WebSocket, code: number, message: string): void {
    ws.send(encode(errorMessage(message, code)));
    ws.close(code, message.slice(0, 120));
  }

  private send(connection: Connection, message: ServerMessage): void {
    connection.ws.send(encode(message));
  }

  private onMessage(connection: Connection, raw: RawData, isBinary: boolean): void {
    connection.lastSeen = Date.now();
    connection.pinged = false;
    const message = isBinary ? undefined : decode(rawText(raw));
    if (!message) {
      this.send(connection, errorMessage('Invalid message: send a JSON object with an "event" name.'));
      return;
    }
    switch (message.event) {
      case 'pusher:ping':
        this.send(connection, { event: 'pusher:pong', data: {} });
        return;
      case 'pusher:pong':
        return;
      case 'pusher:subscribe':
        this.subscribe(connection, message);
        return;
      case 'pusher:unsubscribe':
        this.unsubscribe(connection, message);
        return;
      case 'pusher:signin':
        this.send(connection, errorMessage('User authentication is not offered; authorise channels instead.'));
        return;
      default:
        if (message.event.startsWith('client-')) {
          this.send(connection, errorMessage('Client events are not enabled for this app.'));
        } else {
          this.send(connection, errorMessage(`Unknown event ${message.event.slice(0, 64)}.`));
        }
    }
  }

  private subscribe(connection: Connection, message: ClientMessage): void {
    const data = (message.data ?? {}) as { channel?: unknown; auth?: unknown };
    const channel = typeof data.channel === 'string' ? data.channel : '';
    if (!isValidChannelName(channel)) {
      this.send(connection, errorMessage('Invalid channel name.'));
      return;
    }
    const kind = channelKind(channel);
    if (kind === 'presence' || kind === 'encrypted') {
      this.send(
        connection,
        errorMessage(`${kind === 'presence' ? 'Presence' : 'Encrypted'} channels are not offered.`),
      );
      return;
    }
    if (
      kind === 'private' &&
      !verifyChannelAuth(this.options.key, this.options.secret, connection.socketId, channel, data.auth)
    ) {
      this.send(
        connection,
        errorMessage(
          `Invalid signature: expected the HMAC SHA256 hex digest of ${connection.socketId}:${channel}.`,
          ErrorCode.unauthorized,
        ),
      );
      return;
    }
    if (!connection.channels.has(channel)) {
      if (connection.channels.size >= MAX_CHANNELS_PER_CONNECTION) {
        this.send(connection, errorMessage(`At most ${MAX_CHANNELS_PER_CONNECTION} channels per connection.`));
        return;
      }
      connection.channels.add(channel);
      let subscribers = this.channels.get(channel);
      if (!subscribers) {
        subscribers = new Set();
        this.channels.set(channel, subscribers);
      }
      subscribers.add(connection);
    }
    this.send(connection, { event: 'pusher_internal:subscription_succeeded', channel, data: {} });
  }

  private unsubscribe(connection: Connection, message: ClientMessage): void {
    const data = (message.data ?? {}) as { channel?: unknown };
    if (typeof data.channel === 'string') this.leave(connection, data.channel);
  }

  private leave(connection: Connection, channel: string): void {
    if (!connection.channels.delete(channel)) return;
    const subscribers = this.channels.get(channel);
    subscribers?.delete(connection);
    if (subscribers?.size === 0) this.channels.delete(channel);
  }

  private drop(connection: Connection): void {
    clearTimeout(connection.authTimer);
    for (const channel of [...connection.channels]) this.leave(connection, channel);
    this.connections.delete(connection);
  }

  private checkActivity(): void {
    const now = Date.now();
    for (const connection of this.connections) {
      const idle = now - connection.lastSeen;
      if (connection.pinged && idle > this.activityTimeoutMs + this.pongTimeoutMs) {
        connection.ws.close(ErrorCode.pongNotReceived, 'Pong reply not received');
      } else if (!connection.pinged && idle > this.activityTimeoutMs) {
        connection.pinged = true;
        this.send(connection, { event: 'pusher:ping', data: {} });
      }
    }
  }
}

function rawText(raw: RawData): string {
  if (Array.isArray(raw)) return Buffer.concat(raw).toString('utf8');
  if (raw instanceof ArrayBuffer) return Buffer.from(raw).toString('utf8');
  return raw.toString('utf8');
}
