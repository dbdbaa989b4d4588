import fs from 'node:fs';
import path from 'node:path';
import { IMPORT_HAS_ERRORS, PRODUCTS_CSV_COLUMNS } from '@mtumba/contract/insights';
import { stringify } from 'csv-stringify/sync';
import type {
  KyselyPlugin,
  PluginTransformQueryArgs,
  PluginTransformResultArgs,
  QueryResult,
  RootOperationNode,
  UnknownRow,
} from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, createUser, type TestApp } from '../../../test/helpers.js';
import { insertCategory, multipart, uniquePng, type FormFile } from '../../../test/catalog.js';

let t: TestApp;
let admin: Record<string, string>;
let customer: Record<string, string>;

beforeAll(async () => {
  t = await buildTestApp();
  admin = bearer((await createUser(t.db, { admin: true })).token);
  customer = bearer((await createUser(t.db)).token);
  await insertCategory(t.db, 'Dresses');
  await insertCategory(t.db, 'Jackets');
});
afterAll(async () => {
  await t?.close();
});

const HEADER = [
  'name',
  'description',
  'price',
  'compare_at_price',
  'stock',
  'categories',
  'size',
  'condition',
  'brand',
  'colour',
  'featured',
  'images',
];

function csvFile(rows: string[][], header: string[] = HEADER): Buffer {
  return Buffer.from(stringify([header, ...rows]));
}

function row(values: Partial<Record<string, string>>): string[] {
  const defaults: Record<string, string> = {
    name: 'Floral dress',
    description: 'Cotton, midi length',
    price: '1200',
    compare_at_price: '',
    stock: '1',
    categories: 'Dresses',
    size: 'M',
    condition: 'good',
    brand: 'Zara',
    colour: 'red',
    featured: 'no',
    images: '',
  };
  return HEADER.map((h) => values[h] ?? defaults[h]!);
}

function upload(
  url: string,
  file: Buffer,
  options: { photos?: FormFile[]; fields?: [string, string][]; headers?: Record<string, string> } = {},
) {
  const form = multipart(options.fields ?? [], [
    { field: 'file', filename: 'items.csv', contentType: 'text/csv', data: file },
    ...(options.photos ?? []),
  ]);
  return t.app.inject({
    method: 'POST',
    url,
    headers: { ...(options.headers ?? admin), ...form.headers },
    payload: form.payload,
  });
}
const preview = (file: Buffer, options?: Parameters<typeof upload>[2]) =>
  upload('/api/admin/products/import/preview', file, options);
const confirm = (file: Buffer, options?: Parameters<typeof upload>[2]) =>
  upload('/api/admin/products/import', file, options);

async function productCount(db = t.db): Promise<number> {
  const r = await db
    .selectFrom('products')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(r.n);
}
async function categoryNames(): Promise<string[]> {
  return (await t.db.selectFrom('categories').select('name').orderBy('name_key').execute()).map((c) => c.name);
}

describe('items import: preview', () => {
  it('names every bad row with each reason, and writes nothing', async () => {
    const before = await productCount();
    const file = csvFile([
      row({ name: 'Good one' }),
      row({ name: 'Bad price', price: 'twelve' }),
      row({ name: '', stock: '-1' }),
      row({ name: 'Unknown category', categories: 'Dresses; Shoes' }),
      row({ name: 'Formula', description: '=cmd|/C calc!A0' }),
      row({ name: 'No photo', images: 'IMG_001.jpg' }),
      row({ name: 'Bad condition', condition: 'worn out', price: '10.999' }),
    ]);
    const res = await preview(file);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.ok).toBe(false);
    expect(body.rows).toBe(7);
    expect(body.errors).toEqual([
      { line: 3, name: 'Bad price', errors: ['The price must be a number.'] },
      {
        line: 4,
        name: '',
        errors: ['The name field is required.', 'The stock quantity must be at least 0.'],
      },
      { line: 5, name: 'Unknown category', errors: ['Unknown category "Shoes".'] },
      {
        line: 6,
        name: 'Formula',
        errors: [
          'The description starts with "=", which a spreadsheet runs as a formula: formulas are not accepted (start the text with an apostrophe to keep it).',
        ],
      },
      { line: 7, name: 'No photo', errors: ['The photo "IMG_001.jpg" was not among the photos sent.'] },
      {
        line: 8,
        name: 'Bad condition',
        errors: [
          'The price may have at most 2 decimal places.',
          'The condition must be one of: new with tags, like new, good, fair.',
        ],
      },
    ]);
    expect(await productCount()).toBe(before);
  });

  it('names photos by the files chosen, and offers to create unknown categories', async () => {
    const file = csvFile([row({ categories: 'Shoes; dresses', images: 'photos/IMG_001.JPG' })]);
    const res = await preview(file, {
      fields: [
        ['create_categories', '1'],
        ['photo_names', 'img_001.jpg'],
        ['photo_names', 'spare.jpg'],
      ],
    });
    expect(res.json()).toMatchObject({ ok: true, errors: [], new_categories: ['Shoes'], unused_photos: ['spare.jpg'] });
    expect(res.json().sample).toEqual([
      {
        line: 2,
        name: 'Floral dress',
        price: 1200,
        stock: 1,
        categories: ['Shoes', 'dresses'],
        images: ['IMG_001.JPG'],
        status: 'draft',
      },
    ]);
    expect(await categoryNames()).toEqual(['Dresses', 'Jackets']);
  });

  it.each([
    [
      ['name', 'price', 'stok', 'categories'],
      ['Unknown column "stok". The columns are: ' + PRODUCTS_CSV_COLUMNS.join(', ') + '.', 'Missing column "stock".'],
    ],
    [['name', 'price', 'stock', 'categories', 'price'], ['The column "price" appears twice.']],
  ])('refuses wrong columns %j', async (header, fileErrors) => {
    const file = csvFile([header.map(() => '1')], header);
    const res = await preview(file);
    expect(res.json()).toMatchObject({ ok: false, file_errors: fileErrors, errors: [] });
    const written = await confirm(file);
    expect(written.statusCode).toBe(422);
    expect(written.json().message).toBe(fileErrors[0]);
  });
});

describe('items import: limits and bad files', () => {
  it('refuses a NUL character with the line and column, on preview and import, and writes nothing', async () => {
    const before = await productCount();
    const file = csvFile([
      row({ name: 'Good one' }),
      row({ name: 'Broken description', description: 'Cotton\u0000midi' }),
      row({ name: 'Broken category', categories: 'Dre\u0000sses' }),
    ]);
    const nul =
      'contains a NUL character (an invisible control character, often from a damaged or binary file): remove it and import again.';
    const res = await preview(file, { fields: [['create_categories', '1']] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      ok: false,
      errors: [
        { line: 3, name: 'Broken description', errors: [`The description ${nul}`] },
        {
          line: 4,
          name: 'Broken category',
          errors: [`The categories ${nul}`, 'Please give at least one category.'],
        },
      ],
    });
    const written = await confirm(file, { fields: [['create_categories', '1']] });
    expect(written.statusCode).toBe(422);
    expect(written.json().message).toBe(IMPORT_HAS_ERRORS);
    expect(await productCount()).toBe(before);
    expect(await categoryNames()).toEqual(['Dresses', 'Jackets']);
  });

  it('previews 1000 items with 40 new categories each (40,000 names looked up in slices)', async () => {
    const rows = Array.from({ length: 1000 }, (_, i) =>
      row({
        name: `Item ${i}`,
        description: '',
        categories: Array.from({ length: 40 }, (_, j) => `N${i}x${j}`).join(';'),
      }),
    );
    const res = await preview(csvFile(rows), { fields: [['create_categories', '1']] });
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ ok: true, rows: 1000, errors: [] });
    expect(body.new_categories).toHaveLength(40_000);
    expect(body.new_categories.slice(0, 2)).toEqual(['N0x0', 'N0x1']);
  });

  it('refuses a file over 2 MB with 413', async () => {
    const big = csvFile(Array.from({ length: 900 }, () => row({ description: 'x'.repeat(2500) })));
    expect(big.length).toBeGreaterThan(2 * 1024 * 1024);
    const res = await confirm(big);
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe('The file is too large: at most 2 MB.');
  });

  it('refuses more than 1000 items with 413', async () => {
    const res = await preview(csvFile(Array.from({ length: 1001 }, () => row({}))));
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe(
      'The file has 1001 items: at most 1000 can be imported at once. Split it into smaller files.',
    );
  });

  it.each([
    ['an unclosed quote', Buffer.from('name,price,stock,categories\n"Dress,12,1,Dresses\n'), 422],
    ['only a header', Buffer.from('name,price,stock,categories\n'), 422],
  ])('refuses %s with a message', async (_what, file, status) => {
    const before = await productCount();
    const res = await confirm(file);
    expect(res.statusCode).toBe(status);
    expect(res.json().message).toMatch(/could not be read as CSV|no items/);
    expect(await productCount()).toBe(before);
  });

  it('takes more photos than the product form allows, up to 200 per import, and refuses more with 413', async () => {
    const pixel = await uniquePng();
    const names = Array.from({ length: 10 }, (_, i) => `p${i}.png`);
    const ten = await confirm(csvFile(names.map((n, i) => row({ name: `Photo item ${i}`, images: n }))), {
      photos: names.map((n) => ({ field: 'photos', filename: n, data: pixel })),
    });
    expect(ten.statusCode, ten.body).toBe(201);
    const before = await productCount();
    const tooMany = await confirm(csvFile([row({})]), {
      photos: Array.from({ length: 201 }, (_, i) => ({ field: 'photos', filename: `x${i}.png`, data: pixel })),
    });
    expect(tooMany.statusCode).toBe(413);
    expect(tooMany.json().message).toBe('Send at most 200 photos with one import.');
    expect(await productCount()).toBe(before);
  });

  it('refuses a request without a file, and customers', async () => {
    const form = multipart([['create_categories', '1']]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/products/import',
      headers: { ...admin, ...form.headers },
      payload: form.payload,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe('Choose a CSV file to import.');
    expect((await confirm(csvFile([row({})]), { headers: customer })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/products.csv', headers: customer })).statusCode).toBe(
      403,
    );
  });
});

describe('items import: confirm', () => {
  it('writes a file with errors not at all, naming each bad row', async () => {
    const before = await productCount();
    const photo = await uniquePng();
    const file = csvFile([row({ name: 'Fine', images: 'a.png' }), row({ name: 'Broken', price: '0' })]);
    const res = await confirm(file, { photos: [{ field: 'photos', filename: 'a.png', data: photo }] });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(IMPORT_HAS_ERRORS);
    expect(res.json().preview.errors).toEqual([
      { line: 3, name: 'Broken', errors: ['The price must be greater than 0.'] },
    ]);
    expect(await productCount()).toBe(before);
  });

  it('imports 500 rows in one go, with opening stock in the ledger, categories and photos', async () => {
    const before = await productCount();
    const photos = [await uniquePng(), await uniquePng()];
    const rows = Array.from({ length: 500 }, (_, i) =>
      row({
        name: `Item ${i}`,
        price: `${100 + i}.50`,
        stock: String(1 + (i % 3)),
        categories: i % 2 ? 'Jackets' : 'Dresses; Jackets',
        featured: i === 0 ? 'yes' : 'no',
        images: i === 0 ? 'Front.PNG; back.png' : '',
        compare_at_price: i === 1 ? '2000' : '',
      }),
    );
    const res = await confirm(csvFile(rows), {
      photos: [
        { field: 'photos', filename: 'front.png', data: photos[0]! },
        { field: 'photos', filename: 'back.png', data: photos[1]! },
      ],
    });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({
      message: 'Imported 500 items as drafts: publish them in Manage Products.',
      created: 500,
      new_categories: [],
    });
    expect(await productCount()).toBe(before + 500);

    const first = (
      await t.app.inject({ method: 'GET', url: `/api/products/${body.product_ids[0]}`, headers: admin })
    ).json();
    expect(first).toMatchObject({
      name: 'Item 0',
      price: 100.5,
      stock_quantity: 1,
      is_featured: true,
      size: 'M',
      condition: 'good',
      brand: 'Zara',
      color: 'red',
    });
    expect(first.categories.map((c: { name: string }) => c.name)).toEqual(['Dresses', 'Jackets']);
    expect(first.images).toHaveLength(2);
    for (const image of first.images) {
      expect(fs.existsSync(path.join(t.config.uploadDir, path.basename(image.image_url)))).toBe(true);
    }
    const second = (
      await t.app.inject({ method: 'GET', url: `/api/products/${body.product_ids[1]}`, headers: admin })
    ).json();
    expect(second).toMatchObject({ stock_quantity: 2, compare_at_price: 2000, images: [] });

    const ledger = await t.db
      .selectFrom('stock_movements')
      .select(['product_id', 'change', 'reason'])
      .where('product_id', 'in', body.product_ids)
      .execute();
    expect(ledger).toHaveLength(500);
    expect(ledger.every((m) => m.reason === 'created')).toBe(true);
    expect(ledger.reduce((s, m) => s + m.change, 0)).toBe(rows.reduce((s, r) => s + Number(r[4]), 0));
  });

  it("makes drafts unless the status column says published, and shows each row's status in the preview", async () => {
    const header = [...HEADER, 'Publish'];
    const withStatus = (name: string, status: string) => [...row({ name }), status];
    const refused = await preview(csvFile([withStatus('Maybe', 'maybe')], header));
    expect(refused.json().errors).toEqual([
      { line: 2, name: 'Maybe', errors: ['The status must be draft or published (empty is draft).'] },
    ]);

    const file = csvFile(
      [
        withStatus('Status empty', ''),
        withStatus('Status draft', 'Draft'),
        withStatus('Status published', 'published'),
        withStatus('Status yes', 'YES'),
      ],
      header,
    );
    const checked = (await preview(file)).json();
    expect(checked.sample.map((r: { name: string; status: string }) => [r.name, r.status])).toEqual([
      ['Status empty', 'draft'],
      ['Status draft', 'draft'],
      ['Status published', 'published'],
      ['Status yes', 'published'],
    ]);
    const res = await confirm(file);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().message).toBe('Imported 4 items: 2 on sale now, 2 as drafts (publish them in Manage Products).');
    const ids: number[] = res.json().product_ids;
    const statuses = await t.db
      .selectFrom('products')
      .select(['name', 'status'])
      .where('id', 'in', ids)
      .orderBy('id')
      .execute();
    expect(statuses.map((p) => [p.name, p.status])).toEqual([
      ['Status empty', 'draft'],
      ['Status draft', 'draft'],
      ['Status published', 'published'],
      ['Status yes', 'published'],
    ]);
    // shoppers see only the published ones
    const shown = await Promise.all(
      ids.map(async (id) => (await t.app.inject({ method: 'GET', url: `/api/products/${id}` })).statusCode),
    );
    expect(shown).toEqual([404, 404, 200, 200]);
    // a file without the column: drafts, all of them
    const plain = await confirm(csvFile([row({ name: 'No status column' })]));
    expect(plain.json().message).toBe('Imported 1 item as drafts: publish them in Manage Products.');
  });

  it('creates the unknown categories when asked', async () => {
    const res = await confirm(csvFile([row({ name: 'Boots', categories: 'Shoes' })]), {
      fields: [['create_categories', 'yes']],
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().new_categories).toEqual(['Shoes']);
    expect(await categoryNames()).toEqual(['Dresses', 'Jackets', 'Shoes']);
  });

  it('refuses a photo that is not an image, and stores no photo of the refused import', async () => {
    const good = await uniquePng();
    const files = () => fs.readdirSync(t.config.uploadDir).length;
    const before = await productCount();
    const filesBefore = files();
    const res = await confirm(csvFile([row({ images: 'good.png' }), row({ images: 'fake.jpg' })]), {
      photos: [
        { field: 'photos', filename: 'good.png', data: good },
        { field: 'photos', filename: 'fake.jpg', data: Buffer.from('not a picture') },
      ],
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().preview.errors).toEqual([
      {
        line: 3,
        name: 'Floral dress',
        errors: ['The photo "fake.jpg" could not be used: Only image files are allowed.'],
      },
    ]);
    expect(await productCount()).toBe(before);
    expect(files()).toBe(filesBefore);
  });
});

/** Fails the n-th product insert, as a database failure in the middle of an import would. */
class FailingInsert implements KyselyPlugin {
  armed = false;
  seen = 0;
  constructor(private readonly failAt: number) {}
  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    const node = args.node;
    if (this.armed && node.kind === 'InsertQueryNode' && node.into?.table.identifier.name === 'products') {
      this.seen += 1;
      if (this.seen === this.failAt) throw new Error('disk full');
    }
    return node;
  }
  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return args.result;
  }
}

describe('items import: all or nothing', () => {
  it('leaves nothing behind when the database fails half-way', async () => {
    const plugin = new FailingInsert(250);
    const app = await buildTestApp({ appDb: (db) => db.withPlugin(plugin) });
    try {
      const token = bearer((await createUser(app.db, { admin: true })).token);
      const file = csvFile(Array.from({ length: 300 }, (_, i) => row({ name: `Item ${i}`, categories: 'Brand new' })));
      const form = multipart([['create_categories', '1']], [{ field: 'file', filename: 'a.csv', data: file }]);
      plugin.armed = true;
      const res = await app.app.inject({
        method: 'POST',
        url: '/api/admin/products/import',
        headers: { ...token, ...form.headers },
        payload: form.payload,
      });
      expect(res.statusCode).toBe(500);
      expect(plugin.seen).toBe(250);
      expect(await productCount(app.db)).toBe(0);
      expect(await app.db.selectFrom('categories').selectAll().execute()).toEqual([]);
      expect(await app.db.selectFrom('stock_movements').selectAll().execute()).toEqual([]);
    } finally {
      await app.close();
    }
  });
});

describe('items export', () => {
  it('exports the catalogue in the import format, and importing the export gives it back', async () => {
    const app = await buildTestApp();
    try {
      const token = bearer((await createUser(app.db, { admin: true })).token);
      const send = (url: string, file: Buffer, photos: FormFile[] = [], fields: [string, string][] = []) => {
        const form = multipart(fields, [{ field: 'file', filename: 'a.csv', data: file }, ...photos]);
        return app.app.inject({ method: 'POST', url, headers: { ...token, ...form.headers }, payload: form.payload });
      };
      const exportCsv = async () => {
        const res = await app.app.inject({ method: 'GET', url: '/api/admin/products.csv', headers: token });
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
        return res.body;
      };
      const catalogue = csvFile(
        [
          row({
            name: 'Denim jacket',
            categories: 'Jackets',
            images: 'j1.png; j2.png',
            featured: 'yes',
            compare_at_price: '2500.00',
          }),
          row({
            name: "'-Sale- dress",
            description: 'Line one\nline "two", with a comma',
            categories: 'Dresses; Jackets',
            brand: '',
          }),
          row({ name: "'=1+1 tee", price: '99.99', stock: '7', size: '', condition: '', colour: '', images: '' }),
        ].map((cells) => [...cells, 'published']),
        [...HEADER, 'status'],
      );
      const created = await send(
        '/api/admin/products/import',
        catalogue,
        [
          { field: 'photos', filename: 'j1.png', data: await uniquePng() },
          { field: 'photos', filename: 'j2.png', data: await uniquePng() },
        ],
        [['create_categories', '1']],
      );
      expect(created.statusCode, created.body).toBe(201);

      const first = await exportCsv();
      expect(first.startsWith('\ufeff')).toBe(true);
      // formula-looking text is written with its apostrophe, so a spreadsheet shows it as text
      expect(first).toContain("'-Sale- dress");
      expect(first).toContain("'=1+1 tee");
      const view = async () =>
        (await app.app.inject({ method: 'GET', url: '/api/products?per_page=100&sort=price_asc' }))
          .json()
          .map((p: Record<string, unknown>) => {
            const { id: _id, created_at: _c, updated_at: _u, categories, images, image_url: _i, ...rest } = p;
            return {
              ...rest,
              categories: (categories as { name: string }[]).map((c) => c.name),
              images: (images as { image_url: string }[]).map((i) => i.image_url),
            };
          });
      const before = await view();
      expect(before.map((p: { name: string }) => p.name).sort()).toEqual(['-Sale- dress', '=1+1 tee', 'Denim jacket']);

      // the shop empties its catalogue and imports its own export back
      for (const id of created.json().product_ids) {
        expect(
          (await app.app.inject({ method: 'DELETE', url: `/api/products/${id}`, headers: token })).statusCode,
        ).toBe(200);
      }
      expect(await view()).toEqual([]);
      const again = await send('/api/admin/products/import', Buffer.from(first));
      expect(again.statusCode, again.body).toBe(201);
      expect(await view()).toEqual(before);
      expect(await exportCsv()).toBe(first);
    } finally {
      await app.close();
    }
  });
});
