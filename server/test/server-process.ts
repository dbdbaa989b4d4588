import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { repoRoot } from '../src/config.js';
import { SERVER_ENV, SERVER_NODE_ARGS } from '../../scripts/server-runtime.mjs';

/**
 * The first port the kernel hands out on its own (for `listen(0)` and for the local end of every
 * outgoing connection). Ports below it are only ever taken by a program that asks for them.
 */
function ephemeralPortsStart(): number {
  try {
    const first = Number(fs.readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0]);
    if (Number.isInteger(first) && first > 12_000) return first;
  } catch {
    // not Linux: the range IANA gives for ephemeral ports
  }
  return 49_152;
}

const PORTS_FROM = 10_000;
const PORTS_TO = ephemeralPortsStart();

/** Whether a listener can be opened on 127.0.0.1:port right now (it is closed again at once). */
async function canListen(port: number): Promise<boolean> {
  const probe = createServer();
  const listening = await new Promise<boolean>((resolve) => {
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => resolve(true));
  });
  if (listening) await new Promise<void>((resolve) => probe.close(() => resolve()));
  return listening;
}

/**
 * A free TCP port on 127.0.0.1 that stays free until it is used. The port is chosen below the
 * kernel's ephemeral range: a port from `listen(0)` is released when the probe closes, and the
 * kernel may then give it to any outgoing connection (a test's own `fetch`) before the server
 * that was meant to have it binds it, which fails that server with EADDRINUSE. Below the range
 * only another caller of this function could take it, and the random choice makes that
 * vanishingly rare; `startServerProcess` still starts again on a new port if it happens.
 */
export async function freePort(): Promise<number> {
  for (;;) {
    const port = PORTS_FROM + Math.floor(Math.random() * (PORTS_TO - PORTS_FROM));
    if (await canListen(port)) return port;
  }
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
 * Should another program take the chosen port before the server binds it (the server then
 * exits with EADDRINUSE), it is started again on another port.
 */
export async function startServerProcess(
  env: Record<string, string>,
  options: {
    name?: string;
    readyTimeoutMs?: number;
    nodeArgs?: string[];
    /** a bundled server to run (scripts/server-build.mjs) instead of the sources through tsx */
    entry?: string;
    /** how a port is chosen (a test of this function gives it a taken one) */
    choosePort?: () => Promise<number>;
  } = {},
): Promise<ServerProcess> {
  const name = options.name ?? 'server';
  const choosePort = options.choosePort ?? freePort;
  for (let attempt = 1; ; attempt++) {
    const started = await launch(await choosePort(), env, name, options);
    if (started !== 'port taken') return started;
    if (attempt === 3) throw new Error(`${name} found its port taken three times in a row`);
  }
}

async function launch(
  port: number,
  env: Record<string, string>,
  name: string,
  options: { readyTimeoutMs?: number; nodeArgs?: string[]; entry?: string },
): Promise<ServerProcess | 'port taken'> {
  const url = `http://127.0.0.1:${port}`;
  let output = '';
  const program = options.entry
    ? [...SERVER_NODE_ARGS, options.entry]
    : ['--import', 'tsx', path.join(repoRoot, 'server', 'src', 'main.ts')];
  const args = [...(options.nodeArgs ?? []), ...program];
  const child = spawn(process.execPath, args, {
    cwd: repoRoot,
    env: {
      ...(options.entry ? SERVER_ENV : {}),
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(port),
      HOST: '127.0.0.1',
      APP_URL: url,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk) => (output += String(chunk)));
  child.stderr?.on('data', (chunk) => (output += String(chunk)));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

  const deadline = Date.now() + (options.readyTimeoutMs ?? 90_000);
  for (;;) {
    if (child.exitCode !== null) {
      if (env.PORT === undefined && output.includes('EADDRINUSE')) return 'port taken';
      throw new Error(`${name} exited with ${child.exitCode} while starting:\n${output}`);
    }
    // bounded: whatever holds the port might accept the connection and never answer
    const ready = await fetch(`${url}/api/ready`, { signal: AbortSignal.timeout(2_000) }).then(
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
