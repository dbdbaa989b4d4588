import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBackup, type BackupResult } from '../src/backup/backup.js';
import { RestoreRefused, restoreBackup } from '../src/backup/restore.js';
import { repoRoot } from '../src/config.js';
import { createDatabase, type Db } from '../src/db/database.js';
import { IMAGE_WIDTHS } from '../src/modules/catalog/images.js';
import { insertCategory, multipart, uniquePng } from './catalog.js';
import { createUser, testConfig } from './helpers.js';
import { orderBody } from './order-fixtures.js';
import { startServerProcess, type ServerProcess } from './server-process.js';

const STOCK = 1000;
const tmp = () => fs.mkdtempSync(path.join(os.tmpdir(), 'mtumba-backup-'));

/** `npm run backup` / `npm run restore` as an operator runs them: exit code and what they print. */
function runCli(args: string[], env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', path.join(repoRoot, 'server/src/backup/cli.ts'), ...args],
      {
        cwd: repoRoot,
        env: { ...process.env, NODE_ENV: 'development', LOG_LEVEL: 'warn', ...env },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let output = '';
    child.stdout.on('data', (c) => (output += String(c)));
    child.stderr.on('data', (c) => (output += String(c)));
    child.on('exit', (code) => resolve({ code, output }));
  });
}

/** Every file under a directory with its bytes, to prove a refused restore changed nothing. */
function snapshotDir(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  const visit = (rel: string) => {
    const full = path.join(dir, rel);
    if (!fs.existsSync(full)) return;
    for (const e of fs.readdirSync(full, { withFileTypes: true })) {
      const child = path.join(rel, e.name);
      if (e.isDirectory()) visit(child);
      else out[child] = fs.readFileSync(path.join(dir, child)).toString('base64');
    }
  };
  visit('');
  return out;
}

describe('backup and restore of a running shop', () => {
  const dir = tmp();
  const dataDir = path.join(dir, 'data');
  const backupDir = path.join(dir, 'backups');
  const restoredDir = path.join(dir, 'restored');
  let shop: ServerProcess;
  let restored: ServerProcess | undefined;
  let db: Db;
  let customer: { token: string };
  let admin: { token: string };
  let category: number;
  const env = {
    DATA_DIR: dataDir,
    BACKUP_DIR: backupDir,
    SEED_DEMO: '0',
    ADMIN_PASSWORD: 'operator password 1',
    PASSWORD_HASH_COST: 'low',
    RATE_LIMIT_PER_MINUTE: '100000',
    LOG_LEVEL: 'warn',
    // each customer keeps ordering without paying: lift the shop's hold limits for this load
    ORDER_MAX_UNPAID: '1000',
    ORDER_MAX_RESERVED_ITEMS: '1000',
  };

  beforeAll(async () => {
    shop = await startServerProcess(env, { name: 'shop' });
    db = createDatabase({ kind: 'sqlite', file: path.join(dataDir, 'mtumba.db') });
    customer = await createUser(db);
    admin = await createUser(db, { admin: true });
    category = await insertCategory(db, 'Shirts');
  });
  afterAll(async () => {
    await restored?.stop();
    await shop?.stop();
    await db?.destroy();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const api = (base: string, token: string, url: string, init: RequestInit = {}) =>
    fetch(`${base}${url}`, {
      ...init,
      headers: { authorization: `Bearer ${token}`, ...(init.headers as Record<string, string> | undefined) },
    });

  async function addProduct(base: string): Promise<{ id: number; image_url: string }> {
    const form = multipart(
      [
        ['name', `Kitenge shirt ${Math.random().toString(36).slice(2, 7)}`],
        ['price', '450'],
        ['stock_quantity', String(STOCK)],
        ['categories[]', String(category)],
      ],
      [{ field: 'images[]', filename: 'shirt.png', contentType: 'image/png', data: await uniquePng() }],
    );
    const res = await api(base, admin.token, '/api/products', {
      method: 'POST',
      body: new Uint8Array(form.payload),
      headers: form.headers,
    });
    expect(res.status, await res.clone().text()).toBe(201);
    return (await res.json()) as { id: number; image_url: string };
  }

  async function placeOrder(base: string, productId: number): Promise<number> {
    const res = await api(base, customer.token, '/api/orders', {
      method: 'POST',
      body: JSON.stringify(orderBody([{ product_id: productId, quantity: 1 }])),
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(201);
    return ((await res.json()) as { order: { id: number } }).order.id;
  }

  it('backs up while customers order and the admin uploads; the restored shop has every acknowledged order and image', async () => {
    const products = [await addProduct(shop.url), await addProduct(shop.url)];
    const acknowledged: { orders: number[]; products: number[] } = { orders: [], products: products.map((p) => p.id) };
    let backupStarted = false;
    let stop = false;
    let failed: unknown;
    const keepGoing = (work: Promise<void>) =>
      work.catch((err: unknown) => {
        failed = err;
        stop = true;
      });
    const placedBeforeBackup: number[] = [];
    const addedBeforeBackup: number[] = [...acknowledged.products];

    // Four customers' worth of checkouts and an admin adding pictures, all the time.
    const shoppers = [0, 1, 2, 3].map(async (n) => {
      for (let i = 0; !stop; i += 1) {
        const startedBeforeBackup = !backupStarted;
        const id = await placeOrder(shop.url, products[(n + i) % products.length].id);
        acknowledged.orders.push(id);
        if (startedBeforeBackup && !backupStarted) placedBeforeBackup.push(id);
      }
    });
    const uploader = (async () => {
      while (!stop) {
        const p = await addProduct(shop.url);
        acknowledged.products.push(p.id);
        if (!backupStarted) addedBeforeBackup.push(p.id);
      }
    })();

    const load = [...shoppers, uploader].map(keepGoing);
    while (placedBeforeBackup.length < 12 && !failed) await new Promise((r) => setTimeout(r, 20));
    backupStarted = true;
    const backup = await runCli(['backup'], env);
    const ordersDuringBackup = acknowledged.orders.length;
    // keep the load on a little after the copy, then stop
    while (acknowledged.orders.length < ordersDuringBackup + 8 && !failed) await new Promise((r) => setTimeout(r, 20));
    stop = true;
    await Promise.all(load);
    if (failed) throw failed;

    expect(backup.code, backup.output).toBe(0);
    expect(backup.output).toContain('Backup written:');
    const archives = fs.readdirSync(backupDir).filter((f) => f.endsWith('.tar.gz'));
    expect(archives).toHaveLength(1);
    expect(fs.existsSync(path.join(backupDir, `${archives[0]}.sha256`))).toBe(true);

    // The shop is lost; the operator restores into an empty directory and starts it again.
    await shop.stop();
    const restore = await runCli(['restore', path.join(backupDir, archives[0])], { ...env, DATA_DIR: restoredDir });
    expect(restore.code, restore.output).toBe(0);
    expect(restore.output).toContain('archive checksum: matches');
    restored = await startServerProcess({ ...env, DATA_DIR: restoredDir }, { name: 'restored shop' });

    const mine = (await (await api(restored.url, customer.token, '/api/orders')).json()) as { id: number }[];
    const restoredIds = new Set(mine.map((o) => o.id));
    for (const id of placedBeforeBackup) expect(restoredIds.has(id), `order ${id}`).toBe(true);
    for (const id of restoredIds) expect(acknowledged.orders).toContain(id);

    const restoredDb = createDatabase({ kind: 'sqlite', file: path.join(restoredDir, 'mtumba.db') });
    try {
      // one moment in time: every product's stock plus what the restored orders hold is what it started with
      const rows = await restoredDb
        .selectFrom('products as p')
        .leftJoin('order_items as i', 'i.product_id', 'p.id')
        .select(['p.id', 'p.stock_quantity'])
        .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('i.quantity'), eb.lit(0)).as('ordered'))
        .groupBy(['p.id', 'p.stock_quantity'])
        .execute();
      for (const r of rows) expect(Number(r.stock_quantity) + Number(r.ordered), `product ${r.id}`).toBe(STOCK);
      const restoredProducts = new Set(rows.map((r) => r.id));
      for (const id of addedBeforeBackup) expect(restoredProducts.has(id), `product ${id}`).toBe(true);

      // every image of every restored product is served by the restored shop
      const keys = await restoredDb.selectFrom('product_images').select('file_key').distinct().execute();
      expect(keys.length).toBeGreaterThanOrEqual(addedBeforeBackup.length);
      for (const { file_key } of keys) {
        for (const width of IMAGE_WIDTHS) {
          const res = await fetch(`${restored.url}/uploads/${file_key}-${width}.webp`);
          expect(res.status, `${file_key}-${width}`).toBe(200);
          expect(res.headers.get('content-type')).toBe('image/webp');
        }
      }
    } finally {
      await restoredDb.destroy();
    }
    const first = (await (await fetch(`${restored.url}/api/products/${products[0].id}`)).json()) as {
      image_url: string;
    };
    expect((await fetch(`${restored.url}${first.image_url}`)).status).toBe(200);
  }, 180_000);
});

describe('restore refuses what it cannot trust, and changes nothing', () => {
  const dir = tmp();
  const sourceDir = path.join(dir, 'source');
  let good: BackupResult;

  beforeAll(async () => {
    // a small shop: a database with the migrations applied, one customer and two image files
    const config = testConfig(sourceDir);
    const source = createDatabase(config.database);
    const { migrateToLatest } = await import('../src/db/migrate.js');
    await migrateToLatest(source);
    await createUser(source, { email: 'wanjiku@example.com' });
    await source.destroy();
    fs.mkdirSync(config.uploadDir, { recursive: true });
    fs.writeFileSync(path.join(config.uploadDir, 'aaaa-320.webp'), 'first image');
    fs.writeFileSync(path.join(config.uploadDir, 'bbbb-320.webp'), 'second image');
    good = await createBackup(config, { outDir: path.join(dir, 'backups') });
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  /** A copy of the good archive (and its checksum file, unless told otherwise) to spoil. */
  function copyOfArchive(name: string, options: { checksum?: boolean } = {}): string {
    const file = path.join(dir, `${name}.tar.gz`);
    fs.copyFileSync(good.file, file);
    if (options.checksum !== false) fs.copyFileSync(good.checksumFile, `${file}.sha256`);
    return file;
  }

  async function refusal(archive: string, target: string, env: Record<string, string> = {}, uploadsOnly = false) {
    const parent = path.dirname(target);
    fs.mkdirSync(parent, { recursive: true });
    const before = { target: snapshotDir(target), parent: fs.readdirSync(parent).sort() };
    const err = await restoreBackup(archive, testConfig(target, env), { uploadsOnly }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(RestoreRefused);
    expect(snapshotDir(target)).toEqual(before.target);
    expect(fs.readdirSync(parent).sort()).toEqual(before.parent);
    return (err as Error).message;
  }

  it('restores the good archive into an empty directory', async () => {
    const target = path.join(dir, 'ok', 'data');
    const result = await restoreBackup(good.file, testConfig(target));
    expect(result.archiveChecksumVerified).toBe(true);
    expect(fs.readFileSync(path.join(target, 'uploads', 'bbbb-320.webp'), 'utf8')).toBe('second image');
    const restored = createDatabase({ kind: 'sqlite', file: path.join(target, 'mtumba.db') });
    const user = await restored.selectFrom('users').select('email').executeTakeFirst();
    await restored.destroy();
    expect(user?.email).toBe('wanjiku@example.com');
  });

  it('refuses a target that already holds a shop', async () => {
    const target = path.join(dir, 'busy', 'data');
    fs.mkdirSync(target, { recursive: true });
    fs.writeFileSync(path.join(target, 'mtumba.db'), 'the live shop');
    expect(await refusal(good.file, target)).toMatch(/DATA_DIR .* is not empty/);
  });

  it('refuses an archive whose bytes were damaged', async () => {
    const archive = copyOfArchive('damaged', { checksum: false });
    const bytes = fs.readFileSync(archive);
    for (let i = 200; i < 260; i += 1) bytes[Math.floor(bytes.length / 2) + i] ^= 0xff;
    fs.writeFileSync(archive, bytes);
    expect(await refusal(archive, path.join(dir, 'damaged-target', 'data'))).toMatch(/damaged/);
  });

  it('refuses an archive that does not match its checksum file', async () => {
    const archive = copyOfArchive('mismatch');
    fs.appendFileSync(archive, Buffer.from([0]));
    expect(await refusal(archive, path.join(dir, 'mismatch-target', 'data'))).toMatch(/does not match its checksum/);
  });

  it('refuses a truncated archive', async () => {
    const archive = copyOfArchive('truncated', { checksum: false });
    const bytes = fs.readFileSync(archive);
    fs.writeFileSync(archive, bytes.subarray(0, Math.floor(bytes.length * 0.6)));
    expect(await refusal(archive, path.join(dir, 'truncated-target', 'data'))).toMatch(/damaged|incomplete|ends early/);
  });

  it('refuses an archive whose files were swapped after the manifest was written', async () => {
    // rebuild the archive with one image's bytes changed but the manifest kept
    const tarBytes = zlib.gunzipSync(fs.readFileSync(good.file));
    const at = tarBytes.indexOf(Buffer.from('second image'));
    expect(at).toBeGreaterThan(0);
    Buffer.from('SECOND IMAGE').copy(tarBytes, at);
    const archive = path.join(dir, 'swapped.tar.gz');
    fs.writeFileSync(archive, zlib.gzipSync(tarBytes));
    expect(await refusal(archive, path.join(dir, 'swapped-target', 'data'))).toMatch(
      /uploads\/bbbb-320\.webp does not match its checksum/,
    );
  });

  it('refuses an archive that is not a Mtumba backup', async () => {
    const archive = path.join(dir, 'other.tar.gz');
    fs.writeFileSync(archive, zlib.gzipSync(Buffer.alloc(1024)));
    expect(await refusal(archive, path.join(dir, 'other-target', 'data'))).toMatch(/not a Mtumba backup/);
  });

  it('refuses an images-only archive for a SQLite shop unless asked for images only', async () => {
    const config = testConfig(sourceDir);
    const imagesOnly = await createBackup(config, { outDir: path.join(dir, 'images-only'), uploadsOnly: true });
    const target = path.join(dir, 'images-target', 'data');
    expect(await refusal(imagesOnly.file, target)).toMatch(/product images only/);
    const result = await restoreBackup(imagesOnly.file, testConfig(target), { uploadsOnly: true });
    expect(result.images).toBe(2);
    expect(fs.existsSync(path.join(target, 'mtumba.db'))).toBe(false);
  });

  it('says so on the command line, with exit code 1', async () => {
    const target = path.join(dir, 'cli-target', 'data');
    fs.mkdirSync(target, { recursive: true });
    fs.writeFileSync(path.join(target, 'notes.txt'), 'keep me');
    const { code, output } = await runCli(['restore', good.file], { DATA_DIR: target });
    expect(code).toBe(1);
    expect(output).toMatch(/Restore refused: DATA_DIR .* is not empty/);
    expect(fs.readFileSync(path.join(target, 'notes.txt'), 'utf8')).toBe('keep me');
  }, 60_000);
});
