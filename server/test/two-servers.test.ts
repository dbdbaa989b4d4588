import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startServerProcess, type ServerProcess } from './server-process.js';

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

  it('refuses to start with a bad setting and names it', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mtumba-bad-'));
    dirs.push(dir);
    await expect(startServerProcess({ DATA_DIR: dir, PORT: 'eighty', SEED_DEMO: '0' })).rejects.toThrow(
      /exited with 1 while starting[\s\S]*PORT: PORT must be a number/,
    );
    // a safety net, not a speed check: loading the server with tsx took over 30 s on a busy two-core machine
  }, 90_000);
});
