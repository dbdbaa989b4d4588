import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { repoRoot } from '../src/config.js';

/** A free TCP port on 127.0.0.1 (nothing listens on it once this resolves). */
export async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

export interface ServerProcess {
  url: string;
  port: number;
  child: ChildProcess;
  /** everything the process wrote so far, stdout and stderr */
  output(): string;
  /** SIGTERM (SIGKILL after 20 s), then the exit code; calling it again gives the same answer */
  stop(): Promise<number | null>;
}

/**
 * Starts the production entry point (`node --import tsx server/src/main.ts`, what `npm start`
 * runs) on a free port and waits until `/api/ready` answers. `env` is laid over the parent's
 * environment and these defaults: development mode, 127.0.0.1, APP_URL of the chosen port.
 */
export async function startServerProcess(
  env: Record<string, string>,
  options: { name?: string; readyTimeoutMs?: number; nodeArgs?: string[] } = {},
): Promise<ServerProcess> {
  const name = options.name ?? 'server';
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  let output = '';
  const args = [...(options.nodeArgs ?? []), '--import', 'tsx', path.join(repoRoot, 'server', 'src', 'main.ts')];
  const child = spawn(process.execPath, args, {
    cwd: repoRoot,
    env: { ...process.env, NODE_ENV: 'development', PORT: String(port), HOST: '127.0.0.1', APP_URL: url, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk) => (output += String(chunk)));
  child.stderr?.on('data', (chunk) => (output += String(chunk)));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

  const deadline = Date.now() + (options.readyTimeoutMs ?? 90_000);
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${name} exited with ${child.exitCode} while starting:\n${output}`);
    const ready = await fetch(`${url}/api/ready`).then(
      (res) => res.ok,
      () => false,
    );
    if (ready) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`${name} did not become ready:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }

  let stopped: Promise<number | null> | undefined;
  return {
    url,
    port,
    child,
    output: () => output,
    stop() {
      stopped ??= (async () => {
        if (child.exitCode !== null) return child.exitCode;
        child.kill('SIGTERM');
        const kill = setTimeout(() => child.kill('SIGKILL'), 20_000);
        const code = await exited;
        clearTimeout(kill);
        return code;
      })();
      return stopped;
    },
  };
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
    console.log('The web app changed since its last build: building it again.');
  }
  const build = spawnSync('npm', ['run', 'build', '-w', 'web'], { cwd: repoRoot, stdio: 'inherit' });
  if (build.status !== 0) throw new Error('building the web app failed');
}
