import http from 'node:http';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { rawPusher, type RawPusher } from '../../../../test/pusher-helpers.js';
import { PusherServer } from './server.js';

/** The protocol server alone on a bare HTTP server, with a heartbeat short enough to watch. */
let httpServer: http.Server;
let pusher: PusherServer;
let baseUrl: string;
const clients: RawPusher[] = [];

beforeEach(async () => {
  pusher = new PusherServer({
    key: 'test-key',
    secret: 'test-secret',
    log: { warn: () => {} },
    activityTimeoutSeconds: 0.3,
    // Room for a busy machine to answer in time.
    pongTimeoutSeconds: 2,
  });
  httpServer = http.createServer((_req, res) => res.writeHead(404).end());
  httpServer.on('upgrade', (request, socket, head) => {
    if (!pusher.handleUpgrade(request, socket, head)) socket.destroy();
  });
  await new Promise<void>((resolve) => httpServer.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(httpServer.address() as { port: number }).port}`;
});

afterEach(async () => {
  for (const c of clients.splice(0)) c.close();
  pusher.close();
  pusher.forceClose();
  await new Promise((resolve) => httpServer.close(resolve));
});

async function connect(): Promise<RawPusher> {
  const client = await rawPusher(baseUrl, 'test-key');
  clients.push(client);
  await client.next('pusher:connection_established');
  return client;
}

describe('the heartbeat', () => {
  it('pings a silent client, and closes with 4201 when no pong comes', async () => {
    const client = await connect();
    expect(await client.next('pusher:ping')).toMatchObject({ event: 'pusher:ping' });
    expect(await client.closed).toMatchObject({ code: 4201 });
  });

  it('keeps a client that answers the ping with a pong', async () => {
    const client = await connect();
    await client.next('pusher:ping');
    client.send({ event: 'pusher:pong' });
    // Had the pong not counted, the server would close the connection instead of pinging again.
    await client.messages.next(
      (m) => m.event === 'pusher:ping' && client.messages.items.indexOf(m) > 1,
      'a second ping',
    );
    expect(client.ws.readyState).toBe(client.ws.OPEN);
  });
});

describe('shutting down', () => {
  it('closes every connection with 4200, so clients reconnect (to another instance)', async () => {
    const [one, two] = [await connect(), await connect()];
    expect(pusher.connectionCount).toBe(2);
    pusher.close();
    expect(await one.closed).toMatchObject({ code: 4200 });
    expect(await two.closed).toMatchObject({ code: 4200 });
  });
});
