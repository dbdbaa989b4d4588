import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';

/**
 * How many live-update connections (Socket.IO and the Pusher endpoint, counted together) this
 * instance holds per client address and in all. Every connection is a file descriptor and some
 * memory for as long as it stays open, so one address cannot take them all. The counts are this
 * process's own: the connections are its own, and a count in Redis would outlive a crashed
 * instance. Across instances, the proxy's `limit_conn` caps an address (deploy/nginx.conf).
 */
export class ConnectionLimits {
  private readonly byAddress = new Map<string, number>();
  private total = 0;

  constructor(readonly limits: { perAddress: number; total: number }) {}

  /** Counts a new connection from `address`, or says which limit refuses it (nothing counted then). */
  open(address: string): 'ok' | 'address' | 'total' {
    const count = this.byAddress.get(address) ?? 0;
    if (count >= this.limits.perAddress) return 'address';
    if (this.total >= this.limits.total) return 'total';
    this.byAddress.set(address, count + 1);
    this.total += 1;
    return 'ok';
  }

  /** Whether `open` would refuse a connection from `address` now (nothing counted). */
  refusal(address: string): 'address' | 'total' | undefined {
    if ((this.byAddress.get(address) ?? 0) >= this.limits.perAddress) return 'address';
    if (this.total >= this.limits.total) return 'total';
    return undefined;
  }

  /** A connection counted by `open` has closed. */
  close(address: string): void {
    const count = this.byAddress.get(address) ?? 0;
    if (count <= 1) this.byAddress.delete(address);
    else this.byAddress.set(address, count - 1);
    if (count > 0) this.total -= 1;
  }

  countFor(address: string): number {
    return this.byAddress.get(address) ?? 0;
  }

  get count(): number {
    return this.total;
  }
}

export const tooManyConnectionsMessage = (which: 'address' | 'total') =>
  which === 'address'
    ? 'Too many live-update connections from your address. Close some tabs or apps of the shop and try again.'
    : 'The shop has too many live-update connections right now. Please try again in a minute.';

/**
 * The client's address as Fastify works it out for a request: with TRUST_PROXY, the first address
 * of X-Forwarded-For (what a trusted proxy passed on); else the connection's own. An IPv4 address
 * seen through an IPv6 socket (`::ffff:1.2.3.4`) counts as the IPv4 address.
 */
export function clientAddress(request: IncomingMessage, trustProxy: boolean): string {
  let address = request.socket.remoteAddress ?? 'unknown';
  if (trustProxy) {
    const forwarded = request.headers['x-forwarded-for'];
    const first = (Array.isArray(forwarded) ? forwarded[0] : forwarded)?.split(',')[0]?.trim();
    if (first) address = first;
  }
  return address.startsWith('::ffff:') ? address.slice(7) : address;
}

/** Answers an upgrade request with 429 and a short text, then drops the socket. */
export function refuseUpgrade(socket: Duplex, message: string): void {
  socket.on('error', () => {});
  if (socket.writable) {
    socket.write(
      'HTTP/1.1 429 Too Many Requests\r\n' +
        'Connection: close\r\n' +
        'Content-Type: text/plain; charset=utf-8\r\n' +
        'Retry-After: 60\r\n' +
        `Content-Length: ${Buffer.byteLength(message)}\r\n` +
        '\r\n' +
        message,
    );
  }
  socket.destroy();
}
