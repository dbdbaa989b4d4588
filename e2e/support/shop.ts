import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

export const repoRoot = path.resolve(import.meta.dirname, '..', '..');

export const ADMIN = { email: 'admin@mtumba.test', password: 'admin-password-123' };
export const CUSTOMER = { email: 'customer@mtumba.test', password: 'customer-password-123' };

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

/** The newest modification time of any file under these paths. */
function newestChange(paths: string[]): number {
  let newest = 0;
  const visit = (p: string) => {
    const stat = fs.statSync(p, { throwIfNoEntry: false });
    if (!stat) return;
    if (stat.isDirectory()) for (const entry of fs.readdirSync(p)) visit(path.join(p, entry));
    else newest = Math.max(newest, stat.mtimeMs);
  };
  paths.forEach(visit);
  return newest;
}

/**
 * Builds the web app when there is no build, or (`rebuildIfStale`, used once by global-setup
 * before any server runs) when its sources changed after the last build. Never with
 * WEB_DIST_DIR: then the server serves a build made elsewhere.
 */
export function ensureWebBuilt(options: { rebuildIfStale?: boolean } = {}): void {
  if (process.env.WEB_DIST_DIR) return;
  const index = path.join(repoRoot, 'web', 'dist', 'index.html');
  const built = fs.statSync(index, { throwIfNoEntry: false })?.mtimeMs;
  if (built !== undefined) {
    if (!options.rebuildIfStale) return;
    const sources = ['web/src', 'web/index.html', 'web/public', 'contract/src'].map((p) => path.join(repoRoot, p));
    if (newestChange(sources) <= built) return;
    console.log('e2e: the web app changed since its last build: building it again');
  }
  const build = spawnSync('npm', ['run', 'build', '-w', 'web'], { cwd: repoRoot, stdio: 'inherit' });
  if (build.status !== 0) throw new Error('building the web app failed');
}

export interface RunningShop {
  url: string;
  dataDir: string;
  process: ChildProcess;
  stop(): Promise<void>;
}

/**
 * Starts the real production server (built web app, SQLite in a fresh DATA_DIR, sandbox
 * payments, demo catalogue) and waits until it is ready.
 */
export async function startShop(env: Record<string, string> = {}): Promise<RunningShop> {
  ensureWebBuilt();
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mtumba-e2e-'));
  const url = `http://127.0.0.1:${port}`;
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(repoRoot, 'server', 'src', 'main.ts')], {
    cwd: repoRoot,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(port),
      HOST: '127.0.0.1',
      APP_URL: url,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      REDIS_URL: '',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      DEMO_CUSTOMER_EMAIL: CUSTOMER.email,
      DEMO_CUSTOMER_PASSWORD: CUSTOMER.password,
      AUTH_RATE_LIMIT_PER_MINUTE: '1000',
      RATE_LIMIT_PER_MINUTE: '100000',
      MAIL_POLL_INTERVAL_MS: '200',
      PASSWORD_HASH_COST: 'low',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d) => (output += String(d)));
  child.stderr?.on('data', (d) => (output += String(d)));

  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the shop exited while starting:\n${output}`);
    try {
      const res = await fetch(`${url}/api/ready`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`the shop did not become ready:\n${output}`);
    await new Promise((r) => setTimeout(r, 250));
  }

  return {
    url,
    dataDir,
    process: child,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
