import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ensureWebBuild, webBuildStatus, webSourceHash, writeWebBuildStamp } from '../../scripts/web-build.mjs';
import { repoRoot } from '../src/config.js';

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

/** A checkout with web sources, a lockfile and (optionally) a build of them. */
function checkout(): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'mtumba-start-'));
  dirs.push(root);
  const write = (rel: string, text: string) => {
    fs.mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
    fs.writeFileSync(path.join(root, rel), text);
  };
  write('web/src/app.tsx', 'export const title = "Mtumba";\n');
  write('web/src/app.test.tsx', 'test file\n');
  write('web/index.html', '<div id="root"></div>\n');
  write('contract/src/money.ts', 'export const currency = "KES";\n');
  write('package-lock.json', '{"lockfileVersion": 3}\n');
  return root;
}

/** What `npm run build -w web` leaves behind: index.html and the stamp of the sources. */
function fakeBuild(root: string): () => number {
  return () => {
    const dist = path.join(root, 'web', 'dist');
    fs.mkdirSync(dist, { recursive: true });
    fs.writeFileSync(path.join(dist, 'index.html'), fs.readFileSync(path.join(root, 'web/src/app.tsx')));
    writeWebBuildStamp(dist, webSourceHash(root));
    return 0;
  };
}

describe('npm start rebuilds the web app when it is stale', () => {
  it('builds when there is no build, and not again while nothing changed', () => {
    const root = checkout();
    let builds = 0;
    const build = fakeBuild(root);
    const counted = () => ((builds += 1), build());
    expect(ensureWebBuild(root, { build: counted, log: () => {} })).toBe('missing');
    expect(ensureWebBuild(root, { build: counted, log: () => {} })).toBe('current');
    expect(builds).toBe(1);
  });

  it('rebuilds after a pull changes a web or contract source or the lockfile, not after a touch or a test edit', () => {
    const root = checkout();
    fakeBuild(root)();
    expect(webBuildStatus(root)).toBe('current');

    const later = new Date(Date.now() + 60_000);
    fs.utimesSync(path.join(root, 'web/src/app.tsx'), later, later);
    fs.appendFileSync(path.join(root, 'web/src/app.test.tsx'), 'another case\n');
    expect(webBuildStatus(root)).toBe('current');

    for (const [file, change] of [
      ['web/src/app.tsx', 'export const title = "Mtumba!";\n'],
      ['contract/src/money.ts', 'export const currency = "KSH";\n'],
      ['package-lock.json', '{"lockfileVersion": 3, "packages": {}}\n'],
    ]) {
      fs.writeFileSync(path.join(root, file), change);
      const messages: string[] = [];
      expect(ensureWebBuild(root, { build: fakeBuild(root), log: (m) => messages.push(m) })).toBe('changed');
      expect(messages[0]).toContain('changed since its last build');
      expect(webBuildStatus(root)).toBe('current');
    }
    expect(fs.readFileSync(path.join(root, 'web/dist/index.html'), 'utf8')).toContain('Mtumba!');
  });

  it('rebuilds a build that does not say what it was made from', () => {
    const root = checkout();
    fakeBuild(root)();
    fs.rmSync(path.join(root, 'web/dist/.source-hash'));
    expect(webBuildStatus(root)).toBe('unstamped');
  });

  it('the real web build (browser bundle, then server entry) stamps the hash npm start computes', () => {
    const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mtumba-web-dist-'));
    dirs.push(outDir);
    const vite = (args: string[]) =>
      spawnSync('npx', ['vite', 'build', ...args, '--emptyOutDir', '--logLevel', 'warn'], {
        cwd: path.join(repoRoot, 'web'),
        encoding: 'utf8',
        // as npm run build runs it (vitest sets NODE_ENV=test, which would build React unminified)
        env: { ...process.env, NODE_ENV: 'production' },
      });
    const client = vite(['--outDir', outDir]);
    expect(client.status, client.stderr).toBe(0);
    expect(client.stdout + client.stderr).not.toContain('larger than');
    // the browser bundle alone is not a whole build: the server entry is missing
    expect(webBuildStatus(repoRoot, outDir)).toBe('unstamped');
    const server = vite(['--ssr', 'src/entry-server.tsx', '--outDir', path.join(outDir, 'server')]);
    expect(server.status, server.stderr).toBe(0);
    expect(fs.existsSync(path.join(outDir, 'server', 'entry-server.js'))).toBe(true);
    expect(webBuildStatus(repoRoot, outDir)).toBe('current');
  }, 180_000);
});
