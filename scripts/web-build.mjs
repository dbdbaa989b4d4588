// Whether web/dist is the build of the current web sources: a SHA-256 over the sources and the
// lockfile, written into the build by Vite (web/vite.config.ts) and compared by `npm start`.
import { createHash } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/** What the built web app is made from, relative to the repository root. */
export const WEB_BUILD_INPUTS = [
  'web/src',
  'web/public',
  'web/index.html',
  'web/vite.config.ts',
  // what the config imports: the budget, the unused-CSS list, the service worker's precache list
  'web/scripts',
  'web/package.json',
  'web/tsconfig.json',
  'contract/src',
  'contract/package.json',
  'package-lock.json',
];

/** The file in the build output that holds the hash of what it was built from. */
export const STAMP_FILE = '.source-hash';

const isTest = (name) => /\.test\.[cm]?[jt]sx?$/.test(name) || name === 'test';

function collect(root, rel, out) {
  const full = path.join(root, rel);
  const stat = fs.statSync(full, { throwIfNoEntry: false });
  if (!stat) return;
  if (stat.isFile()) {
    out.push(rel);
    return;
  }
  if (!stat.isDirectory()) return;
  for (const name of fs.readdirSync(full).sort()) {
    if (isTest(name) || name.startsWith('.')) continue;
    collect(root, path.posix.join(rel, name), out);
  }
}

/** SHA-256 over every input file's path and content (not times: a checkout or touch changes nothing). */
export function webSourceHash(root) {
  const files = [];
  for (const input of WEB_BUILD_INPUTS) collect(root, input, files);
  const hash = createHash('sha256');
  for (const rel of files) {
    hash.update(`${rel}\0`);
    hash.update(fs.readFileSync(path.join(root, rel)));
    hash.update('\0');
  }
  return hash.digest('hex');
}

export function writeWebBuildStamp(distDir, hash) {
  fs.writeFileSync(path.join(distDir, STAMP_FILE), `${hash}\n`);
}

/**
 * 'current' when the build in `distDir` was made from the sources as they are now; otherwise
 * why not: 'missing' (no build), 'unstamped' (a build without a hash), 'changed'.
 */
export function webBuildStatus(root, distDir = path.join(root, 'web', 'dist')) {
  if (!fs.existsSync(path.join(distDir, 'index.html'))) return 'missing';
  const stampFile = path.join(distDir, STAMP_FILE);
  if (!fs.existsSync(stampFile)) return 'unstamped';
  return fs.readFileSync(stampFile, 'utf8').trim() === webSourceHash(root) ? 'current' : 'changed';
}

const REASONS = {
  missing: 'Building the web app (first start)...',
  unstamped: 'Building the web app (the build on disk does not say what it was built from)...',
  changed: 'The web app changed since its last build: building it again...',
};

/** Builds the web app unless the build is current; returns what it found. */
export function ensureWebBuild(root, options = {}) {
  const status = webBuildStatus(root, options.distDir);
  if (status === 'current') return status;
  (options.log ?? console.log)(REASONS[status]);
  const build =
    options.build ??
    (() => spawnSync('npm', ['run', 'build', '-w', 'web'], { cwd: root, stdio: 'inherit' }).status ?? 1);
  const code = build();
  if (code !== 0) throw new Error(`building the web app failed (exit code ${code})`);
  return status;
}
