import Database from 'better-sqlite3';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createServer, type Socket } from 'node:net';
import { freePort, startServerProcess, type ServerProcess } from './server-process.js';

const servers: ServerProcess[] = [];
const dirs: string[] = [];

function startServer(dataDir: string): Promise<ServerProcess> {
  return startServerProcess({
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    REDIS_URL: '',
    SEED_DEMO: '0',
    ADMIN_EMAIL: 'owner@example.com',
    ADMIN_PASSWORD: 'owner-password-123',
    PASSWORD_HASH_COST: 'low',
    LOG_LEVEL: 'info',
  });
}

afterAll(async () => {
  await Promise.all(servers.map((s) => s.stop()));
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

describe('running the shop', () => {
  it('starts two servers side by side with their own PORT and DATA_DIR, and stops them gracefully', async () => {
    const dirA = fs.mkdtempSync(path.join(os.tmpdir(), 'mtumba-a-'));
    const dirB = fs.mkdtempSync(path.join(os.tmpdir(), 'mtumba-b-'));
    dirs.push(dirA, dirB);

    const [a, b] = await Promise.all([startServer(dirA), startServer(dirB)]);
    servers.push(a, b);
    expect(a.port).not.toBe(b.port);

    for (const server of [a, b]) {
      const health = await fetch(`${server.url}/api/health`);
      expect(health.status).toBe(200);
      expect(await health.json()).toEqual({ status: 'ok' });
    }
    expect(fs.existsSync(path.join(dirA, 'mtumba.db'))).toBe(true);
    expect(fs.existsSync(path.join(dirB, 'mtumba.db'))).toBe(true);

    expect(await a.stop()).toBe(0);
    expect(a.output()).toContain('shutting down');

    // B is unaffected by A stopping.
    expect((await fetch(`${b.url}/api/health`)).status).toBe(200);
  }, 90_000);

  it('records what it still had to write before it closes the database on SIGTERM', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mtumba-stop-'));
    dirs.push(dir);
    const server = await startServer(dir);
    servers.push(server);
    const login = await fetch(`${server.url}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'owner@example.com', password: 'owner-password-123' }),
    });
    expect(login.status).toBe(200);
    const { token } = (await login.json()) as { token: string };
    // the token's first use is written a moment later, gathered with others: the server is told to
    // stop before that moment comes
    expect((await fetch(`${server.url}/api/user`, { headers: { authorization: `Bearer ${token}` } })).status).toBe(200);
    expect(await server.stop()).toBe(0);
    expect(server.output()).not.toContain('could not record token use');
    const db = new Database(path.join(dir, 'mtumba.db'), { readonly: true });
    try {
      const used = db.prepare('select last_used_at from auth_tokens where last_used_at is not null').all();
      expect(used).toHaveLength(1);
    } finally {
      db.close();
    }
  }, 90_000);

  it('refuses to start with a bad setting and names it', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mtumba-bad-'));
    dirs.push(dir);
    await expect(startServerProcess({ DATA_DIR: dir, PORT: 'eighty', SEED_DEMO: '0' })).rejects.toThrow(
      /exited with 1 while starting[\s\S]*PORT: PORT must be a number/,
    );
    // a safety net, not a speed check: loading the server with tsx took over 30 s on a busy two-core machine
  }, 90_000);

  it('a test server never gets a port the kernel may hand to an outgoing connection', async () => {
    const [first] = fs.readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/);
    const ports = await Promise.all(Array.from({ length: 20 }, () => freePort()));
    for (const port of ports) expect(port).toBeLessThan(Number(first));
  });

  it('starts again on another port when its port was taken before it could bind it', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mtumba-taken-'));
    dirs.push(dir);
    // a listener that took the port first, as another program might between the choice and the bind
    // it accepts connections and never answers
    const held = new Set<Socket>();
    const squatter = createServer((socket) => void held.add(socket));
    await new Promise<void>((resolve) => squatter.listen(0, '127.0.0.1', resolve));
    const taken = (squatter.address() as { port: number }).port;
    const offered: number[] = [];
    try {
      const server = await startServerProcess(
        { DATA_DIR: dir, DATABASE_URL: '', REDIS_URL: '', SEED_DEMO: '0', PASSWORD_HASH_COST: 'low' },
        {
          choosePort: async () => {
            const port = offered.length === 0 ? taken : await freePort();
            offered.push(port);
            return port;
          },
        },
      );
      servers.push(server);
      expect(offered).toHaveLength(2);
      expect(server.port).toBe(offered[1]);
      expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
    } finally {
      for (const socket of held) socket.destroy();
      await new Promise<void>((resolve) => squatter.close(() => resolve()));
    }
  }, 90_000);
});
