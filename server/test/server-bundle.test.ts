import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../src/config.js';
import { ensureWebBuilt, startServerProcess, type ServerProcess } from './server-process.js';

// `npm start` runs the server bundled by scripts/server-build.mjs, not the sources the other tests
// run through tsx: this checks that bundle is a whole shop.
let shop: ServerProcess;
let dataDir: string;

beforeAll(async () => {
  ensureWebBuilt();
  const built = spawnSync(process.execPath, [path.join(repoRoot, 'scripts', 'server-build.mjs')], {
    cwd: repoRoot,
    encoding: 'utf8',
  });
  expect(built.status, built.stderr).toBe(0);
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mtumba-bundle-'));
  shop = await startServerProcess(
    { DATA_DIR: dataDir, DATABASE_URL: '', SEED_DEMO: '1' },
    { name: 'the bundled server', entry: path.join(repoRoot, 'server', 'dist', 'main.js') },
  );
}, 120_000);

afterAll(async () => {
  await shop?.stop();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('the bundled server', () => {
  it('migrates, seeds the demo shop and draws its pages', async () => {
    const products = (await (await fetch(`${shop.url}/api/products?per_page=1`)).json()) as {
      id: number;
      name: string;
    }[];
    expect(products).toHaveLength(1);
    const page = await fetch(`${shop.url}/products/${products[0]!.id}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain(products[0]!.name);
    expect(html).toContain('<html lang="en"');
  });

  it('answers in Kiswahili with the language cookie (its catalogs are bundled)', async () => {
    const res = await fetch(`${shop.url}/api/products/999999999`, { headers: { cookie: 'mtumba_lang=sw' } });
    expect(res.status).toBe(404);
    const english = await fetch(`${shop.url}/api/products/999999999`);
    expect(((await res.json()) as { message: string }).message).not.toBe(
      ((await english.json()) as { message: string }).message,
    );
  });
});
