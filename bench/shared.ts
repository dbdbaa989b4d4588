import { spawnSync } from 'node:child_process';
import autocannon from 'autocannon';
import { generateKeyPairSync } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { startServerProcess, type ServerProcess } from '../server/test/server-process.js';
import http from 'node:http';
import { promisify } from 'node:util';
import { brotliDecompress, gunzip } from 'node:zlib';

export { ensureWebBuilt } from '../server/test/server-process.js';

export const repoRoot = path.resolve(import.meta.dirname, '..');

/** The Chromium the browser benchmarks drive: Debian's, unless CHROMIUM_PATH names another. */
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] ? process.argv[i + 1] : fallback;
}

/** Bundles the server as `npm start` runs it (scripts/server-build.mjs); returns the bundle's path. */
function serverBundle(): string {
  const built = spawnSync(process.execPath, [path.join(repoRoot, 'scripts', 'server-build.mjs')], {
    cwd: repoRoot,
    encoding: 'utf8',
  });
  if (built.status !== 0) throw new Error(`bundling the server failed:\n${built.stdout}${built.stderr}`);
  return path.join(repoRoot, 'server', 'dist', 'main.js');
}

/**
 * Starts the production server, bundled as `npm start` runs it, with the benchmark's settings
 * (rate limits out of the way).
 * `--cpu-prof` writes the server's CPU profile to bench/results/profiles when it stops, and
 * `--query-profile` its database time by SQL text (server/src/db/database.ts), and
 * `--heap-snapshot` lets `heapSnapshot` write its heap there. `--node-args "<flags>"` gives the
 * server's Node more flags, for an experiment (`--node-args "--interrupt-budget=16384"`, a V8 flag).
 */
export function startServer(env: Record<string, string>): Promise<ServerProcess> {
  const profiles = path.join(repoRoot, 'bench', 'results', 'profiles');
  fs.mkdirSync(profiles, { recursive: true });
  return startServerProcess(
    {
      LOG_LEVEL: 'warn',
      RATE_LIMIT_PER_MINUTE: '100000000',
      AUTH_RATE_LIMIT_PER_MINUTE: '100000000',
      ...(process.argv.includes('--query-profile')
        ? { MTUMBA_QUERY_PROFILE: path.join(profiles, `queries-${Date.now()}.json`) }
        : {}),
      ...env,
    },
    {
      name: 'the benchmark server',
      readyTimeoutMs: 120_000,
      nodeArgs: [
        ...arg('node-args', '').split(' ').filter(Boolean),
        ...(process.argv.includes('--cpu-prof')
          ? ['--cpu-prof', '--cpu-prof-interval', '100', '--cpu-prof-dir', profiles]
          : []),
        ...(process.argv.includes('--heap-snapshot')
          ? ['--heapsnapshot-signal=SIGUSR2', '--diagnostic-dir', profiles]
          : []),
      ],
      entry: serverBundle(),
    },
  );
}

/**
 * With `--heap-snapshot`, has the server write its heap to bench/results/profiles (what its memory
 * holds once the load is over; open it in Chrome's DevTools) and waits until the file is whole.
 */
export async function heapSnapshot(pid: number | undefined): Promise<string | undefined> {
  if (!process.argv.includes('--heap-snapshot') || pid === undefined) return undefined;
  const profiles = path.join(repoRoot, 'bench', 'results', 'profiles');
  const before = new Set(fs.readdirSync(profiles));
  process.kill(pid, 'SIGUSR2');
  for (let last = -1; ;) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    const file = fs.readdirSync(profiles).find((f) => f.endsWith('.heapsnapshot') && !before.has(f));
    if (!file) continue;
    const size = fs.statSync(path.join(profiles, file)).size;
    if (size > 0 && size === last) return path.relative(repoRoot, path.join(profiles, file));
    last = size;
  }
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

export function printTable(headers: string[], rows: (string | number)[][]): void {
  const cells = [headers, ...rows.map((r) => r.map(String))];
  const widths = headers.map((_, i) => Math.max(...cells.map((r) => r[i].length)));
  const line = (r: string[]) => r.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
  console.log(line(headers));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const r of cells.slice(1)) console.log(line(r));
}

export function writeResults(name: string, data: unknown): string {
  const dir = path.join(repoRoot, 'bench', 'results');
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${name}-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  fs.writeFileSync(file, JSON.stringify(data, null, 2));
  return path.relative(repoRoot, file);
}

/**
 * CPU time (user + system, ms) a process has used so far, from Linux /proc (clock ticks of 10 ms);
 * NaN elsewhere. Per request it shows what an endpoint costs even when other programs share the
 * machine, which throughput does not.
 */
export function processCpuMs(pid: number | undefined): number {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return NaN;
  }
}

const unbrotli = promisify(brotliDecompress);
const unzip = promisify(gunzip);
/** Connections kept open between requests, as many as are asked for at once. */
const keptOpen = new http.Agent({ keepAlive: true, maxSockets: Infinity });

export interface Answer {
  status: number;
  text(): Promise<string>;
  json(): Promise<unknown>;
  arrayBuffer(): Promise<ArrayBuffer>;
}

/**
 * A request as a visitor's browser sends it (compressed answers accepted and unpacked, redirects
 * not followed), made with Node's http client: `fetch` cost this process about twice the CPU, on
 * the machine the shop runs on, for the same answers. `fresh` opens a connection of its own, as a
 * customer arriving does.
 */
export function visit(
  url: string,
  init: {
    method?: string;
    headers?: Record<string, string>;
    body?: string;
    /** a connection of its own, closed after the answer (a customer arriving), not a kept one */
    fresh?: boolean;
  } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      {
        method: init.method ?? 'GET',
        agent: init.fresh ? false : keptOpen,
        headers: { 'accept-encoding': 'br, gzip', ...init.headers },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('error', reject);
        res.on('end', () => {
          const raw = Buffer.concat(chunks);
          const encoding = res.headers['content-encoding'];
          const body = encoding === 'br' ? unbrotli(raw) : encoding === 'gzip' ? unzip(raw) : Promise.resolve(raw);
          const text = body.then((b) => b.toString('utf8'));
          text.catch(() => undefined);
          resolve({
            status: res.statusCode ?? 0,
            text: () => text,
            json: async () => JSON.parse(await text) as unknown,
            arrayBuffer: async () => {
              const b = await body;
              return b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength) as ArrayBuffer;
            },
          });
        });
      },
    );
    req.on('error', reject);
    req.end(init.body);
  });
}

/** A VAPID key pair (P-256, base64url) as production's configuration wants it, made for this run. */
export function vapidKeys(): Record<string, string> {
  const { publicKey, privateKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
  const pub = publicKey.export({ format: 'jwk' });
  const priv = privateKey.export({ format: 'jwk' });
  const point = Buffer.concat([Buffer.from([4]), Buffer.from(pub.x!, 'base64url'), Buffer.from(pub.y!, 'base64url')]);
  return {
    VAPID_PUBLIC_KEY: point.toString('base64url'),
    VAPID_PRIVATE_KEY: priv.d!,
    VAPID_SUBJECT: 'mailto:bench@example.com',
  };
}

/**
 * `seconds` of requests from `connections` connections (autocannon, no pipelining), each request
 * for the next of `paths` in turn.
 */
export function hammer(
  url: string,
  paths: string[],
  options: { connections: number; seconds: number; headers?: Record<string, string>; title?: string },
): Promise<autocannon.Result> {
  let i = 0;
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url,
        connections: options.connections,
        pipelining: 1,
        duration: options.seconds,
        headers: options.headers ?? {},
        requests: [
          {
            setupRequest: (req) => {
              req.path = paths[i++ % paths.length];
              return req;
            },
          },
        ],
        title: options.title,
      },
      (err, result) => (err ? reject(err) : resolve(result)),
    );
  });
}
