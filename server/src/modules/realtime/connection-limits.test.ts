import { io as connectIo } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { buildTestApp, createUser, type TestApp } from '../../../test/helpers.js';
import { rawPusher, type RawPusher } from '../../../test/pusher-helpers.js';
import { connectClient, waitUntil, type LiveClient } from '../../../test/realtime-helpers.js';

const ADDRESS_MESSAGE =
  'Too many live-update connections from your address. Close some tabs or apps of the shop and try again.';
const TOTAL_MESSAGE = 'The shop has too many live-update connections right now. Please try again in a minute.';

async function listening(env: Record<string, string>): Promise<{ t: TestApp; base: string }> {
  const t = await buildTestApp({ env });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  if (!address || typeof address === 'string') throw new Error('not listening');
  return { t, base: `http://127.0.0.1:${address.port}` };
}

/** Opens a WebSocket and resolves with what the upgrade got: 101 (open) or the HTTP status and body. */
function upgrade(url: string, headers: Record<string, string> = {}): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { headers });
    ws.once('open', () => {
      ws.close();
      resolve({ status: 101, body: '' });
    });
    ws.once('unexpected-response', (_request, response) => {
      let body = '';
      response.on('data', (chunk: Buffer) => (body += chunk.toString()));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    });
    ws.once('error', (err) => reject(err));
  });
}

describe('live-update connections per address (Socket.IO and Pusher together)', () => {
  let t: TestApp;
  let base: string;
  const open: Array<{ close(): void }> = [];

  beforeAll(async () => {
    ({ t, base } = await listening({ REALTIME_MAX_CONNECTIONS_PER_IP: '3' }));
  });
  afterAll(async () => {
    for (const c of open) c.close();
    await t?.close();
  });

  it('takes 3 from one address over both transports, and refuses the 4th with 429 at the upgrade', async () => {
    const customer = await createUser(t.db);
    const pushers: RawPusher[] = [];
    for (let i = 0; i < 2; i++) pushers.push(await rawPusher(base, t.config.pusher.key));
    open.push(...pushers);
    const live: LiveClient = await connectClient(base, customer.token);
    open.push(live);
    expect(t.app.realtimeConnections.countFor('127.0.0.1')).toBe(3);

    const pusherWs = `${base.replace(/^http/, 'ws')}/app/${t.config.pusher.key}?protocol=7&client=js&version=8.4.0`;
    expect(await upgrade(pusherWs)).toEqual({ status: 429, body: ADDRESS_MESSAGE });
    expect(await upgrade(`${base.replace(/^http/, 'ws')}/socket.io/?EIO=4&transport=websocket`)).toEqual({
      status: 429,
      body: ADDRESS_MESSAGE,
    });
    const polling = await fetch(`${base}/socket.io/?EIO=4&transport=polling`);
    expect(polling.status).toBe(429);
    expect(await polling.json()).toEqual({ code: 429, message: ADDRESS_MESSAGE });
    // and a real client is refused cleanly (connect_error), the server still serving the others
    const refused = connectIo(base, {
      transports: ['websocket'],
      auth: { token: customer.token },
      reconnection: false,
    });
    open.push(refused);
    await new Promise<void>((resolve) => refused.once('connect_error', () => resolve()));
    expect(t.app.realtimeConnections.countFor('127.0.0.1')).toBe(3);

    // one closes: there is room again
    pushers[0]!.close();
    await pushers[0]!.closed;
    await waitUntil('the closed connection is no longer counted', () =>
      t.app.realtimeConnections.countFor('127.0.0.1') === 2 ? true : undefined,
    );
    expect((await upgrade(pusherWs)).status).toBe(101);
    const health = await fetch(`${base}/api/health`);
    expect(health.status).toBe(200);
  });
});

describe('behind a trusted proxy: per forwarded address, and a cap for the instance', () => {
  let t: TestApp;
  let base: string;

  beforeAll(async () => {
    ({ t, base } = await listening({
      TRUST_PROXY: '1',
      REALTIME_MAX_CONNECTIONS_PER_IP: '2',
      REALTIME_MAX_CONNECTIONS: '3',
    }));
  });
  afterAll(async () => {
    await t?.close();
  });

  it('counts each client address the proxy names, and refuses all once the instance holds its maximum', async () => {
    const url = `${base.replace(/^http/, 'ws')}/app/${t.config.pusher.key}?protocol=7&client=js&version=8.4.0`;
    const from = (ip: string) => ({ 'x-forwarded-for': `${ip}, 127.0.0.1` });
    const held: WebSocket[] = [];
    const hold = (ip: string) =>
      new Promise<void>((resolve, reject) => {
        const ws = new WebSocket(url, { headers: from(ip) });
        held.push(ws);
        ws.once('open', () => resolve());
        ws.once('error', reject);
      });
    try {
      await hold('10.0.0.1');
      await hold('10.0.0.1');
      expect(await upgrade(url, from('10.0.0.1'))).toEqual({ status: 429, body: ADDRESS_MESSAGE });
      await hold('10.0.0.2');
      expect(await upgrade(url, from('10.0.0.3'))).toEqual({ status: 429, body: TOTAL_MESSAGE });
      expect(t.app.realtimeConnections.count).toBe(3);
    } finally {
      for (const ws of held) ws.close();
    }
  });
});

describe('connections that never sign in', () => {
  let t: TestApp;
  let base: string;

  beforeAll(async () => {
    ({ t, base } = await listening({ REALTIME_AUTH_TIMEOUT_SECONDS: '1' }));
  });
  afterAll(async () => {
    await t?.close();
  });

  it('are closed after REALTIME_AUTH_TIMEOUT_SECONDS: Socket.IO without a valid token, Pusher without a private channel', async () => {
    // Socket.IO at the Engine.IO level: the handshake, then a refused sign-in, then nothing
    const engine = new WebSocket(`${base.replace(/^http/, 'ws')}/socket.io/?EIO=4&transport=websocket`);
    const packets: string[] = [];
    engine.on('message', (data: Buffer) => {
      packets.push(data.toString());
      if (packets.length === 1) engine.send('40{"token":"not-a-token"}');
    });
    const engineClosed = new Promise<void>((resolve) => engine.once('close', () => resolve()));

    const pusher = await rawPusher(base, t.config.pusher.key);
    pusher.send({ event: 'pusher:subscribe', data: { channel: 'public-news' } });

    await engineClosed;
    expect(packets[0]).toMatch(/^0\{/);
    expect(packets.some((p) => p.startsWith('44'))).toBe(true);
    expect(await pusher.closed).toEqual({ code: 4009, reason: 'Subscribe to a private channel within 1 second.' });
    await waitUntil('nothing is counted any more', () => (t.app.realtimeConnections.count === 0 ? true : undefined));
  });
});
