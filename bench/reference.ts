/**
 * The bare reference that `bench:api` measures Mtumba against: Fastify with no plugins and
 * better-sqlite3, the catalogue's shape (products with images and categories), one prepared
 * statement for a 20-row page (id, name, price, stock, first image URL, category ids,
 * created_at) and the total from a count that triggers keep, never counted per request.
 * Started by bench/api.ts as its own process: `node --import tsx bench/reference.ts`, with
 * REFERENCE_PORT, REFERENCE_PRODUCTS and REFERENCE_FILE in the environment.
 */
import Database from 'better-sqlite3';
import Fastify from 'fastify';

const port = Number(process.env.REFERENCE_PORT ?? '0');
const products = Number(process.env.REFERENCE_PRODUCTS ?? '10000');
const file = process.env.REFERENCE_FILE ?? ':memory:';

const db = new Database(file);
db.pragma('journal_mode = WAL');
db.pragma('synchronous = NORMAL');
db.exec(`
  create table products (id integer primary key, name text not null, price_cents integer not null,
    stock_quantity integer not null, created_at text not null);
  create index products_newest on products (created_at desc, id desc);
  create table product_images (id integer primary key, product_id integer not null references products (id),
    position integer not null, url text not null);
  create index product_images_product on product_images (product_id, position);
  create table product_categories (product_id integer not null, category_id integer not null,
    primary key (product_id, category_id)) without rowid;
  create table product_count (id integer primary key, total integer not null);
  insert into product_count values (1, 0);
  create trigger products_counted_insert after insert on products begin
    update product_count set total = total + 1 where id = 1; end;
  create trigger products_counted_delete after delete on products begin
    update product_count set total = total - 1 where id = 1; end;
`);

const insertProduct = db.prepare(
  'insert into products (name, price_cents, stock_quantity, created_at) values (?, ?, ?, ?)',
);
const insertImage = db.prepare('insert into product_images (product_id, position, url) values (?, ?, ?)');
const insertLink = db.prepare('insert into product_categories (product_id, category_id) values (?, ?)');
const words = ['Denim', 'Linen', 'Wool', 'Leather', 'Cotton', 'Silk', 'Kitenge', 'Corduroy'];
const kinds = ['jacket', 'dress', 'shirt', 'skirt', 'trousers', 'coat', 'blouse', 'shoes'];
const start = Date.parse('2026-01-01T00:00:00Z');
db.transaction(() => {
  for (let i = 0; i < products; i++) {
    const created = new Date(start + i * 60_000).toISOString();
    const name = `${words[i % words.length]} ${kinds[(i * 7) % kinds.length]} ${i}`;
    const id = Number(insertProduct.run(name, 50_000 + ((i * 997) % 400_000), i % 5, created).lastInsertRowid);
    const images = 1 + (i % 4);
    for (let p = 0; p < images; p++) insertImage.run(id, p, `/uploads/${(i + p) % 4}-bench-640.webp`);
    insertLink.run(id, 1 + (i % 8));
    if (i % 3 === 0) insertLink.run(id, 1 + ((i + 3) % 8));
  }
})();
db.exec('analyze');

const page = db.prepare(`
  select p.id, p.name, p.price_cents, p.stock_quantity,
    (select i.url from product_images i where i.product_id = p.id order by i.position limit 1) as image_url,
    (select group_concat(c.category_id) from product_categories c where c.product_id = p.id) as category_ids,
    p.created_at
  from products p order by p.created_at desc, p.id desc limit 20 offset ?`);
const total = db.prepare('select total from product_count where id = 1').pluck();

interface PageRow {
  id: number;
  name: string;
  price_cents: number;
  stock_quantity: number;
  image_url: string | null;
  category_ids: string | null;
  created_at: string;
}

const app = Fastify({ logger: false });
app.get('/health', async () => ({ status: 'ok' }));
app.get<{ Querystring: { page?: string } }>('/products', async (request, reply) => {
  const n = Math.max(1, Number(request.query.page) || 1);
  const rows = page.all((n - 1) * 20) as PageRow[];
  reply.header('X-Total-Count', String(total.get()));
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    price: r.price_cents / 100,
    stock_quantity: r.stock_quantity,
    image_url: r.image_url,
    category_ids: r.category_ids ? r.category_ids.split(',').map(Number) : [],
    created_at: r.created_at,
  }));
});

await app.listen({ port, host: '127.0.0.1' });
process.on('SIGTERM', () => {
  void app.close().then(() => {
    db.close();
    process.exit(0);
  });
});
