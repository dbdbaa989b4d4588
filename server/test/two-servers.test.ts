import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../src/config.js';

const children: ChildProcess[] = [];
const dirs: string[] = [];

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

async function waitForHealth(port: number, child: ChildProcess, log: () => string): Promise<void> {
  const deadline = Date.now() + 45_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server on ${port} exited early:\n${log()}`);
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/ready`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`server on ${port} did not become ready:\n${log()}`);
}

function startServer(port: number, dataDir: string) {
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(repoRoot, 'server/src/main.ts')], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      REDIS_URL: '',
      SEED_DEMO: '0',
      ADMIN_EMAIL: 'owner@example.com',
      ADMIN_PASSWORD: 'owner-password-123',
      PASSWORD_HASH_COST: 'low',
      LOG_LEVEL: 'info',
      NODE_ENV: 'development',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d) => (output += String(d)));
  child.stderr?.on('data', (d) => (output += String(d)));
  children.push(child);
  return { child, log: () => output };
}

afterAll(() => {
  for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

describe('running the shop', () => {
  it('starts two servers side by side with their own PORT and DATA_DIR, and stops them gracefully', async () => {
    const [portA, portB] = [await freePort(), await freePort()];
    const dirA = fs.mkdtempSync(path.join(os.tmpdir(), 'mtumba-a-'));
    const dirB = fs.mkdtempSync(path.join(os.tmpdir(), 'mtumba-b-'));
    dirs.push(dirA, dirB);

    const a = startServer(portA, dirA);
    const b = startServer(portB, dirB);
    await Promise.all([waitForHealth(portA, a.child, a.log), waitForHealth(portB, b.child, b.log)]);

    for (const port of [portA, portB]) {
      const health = await fetch(`http://127.0.0.1:${port}/api/health`);
      expect(health.status).toBe(200);
      expect(await health.json()).toEqual({ status: 'ok' });
    }
    expect(fs.existsSync(path.join(dirA, 'mtumba.db'))).toBe(true);
    expect(fs.existsSync(path.join(dirB, 'mtumba.db'))).toBe(true);

    const exited = new Promise<number | null>((resolve) => a.child.on('exit', (code) => resolve(code)));
    a.child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(a.log()).toContain('shutting down');

    // B is unaffected by A stopping.
    expect((await fetch(`http://127.0.0.1:${portB}/api/health`)).status).toBe(200);
    b.child.kill('SIGTERM');
  }, 90_000);
});
