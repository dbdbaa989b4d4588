import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, createUser, TEST_DB, type TestApp } from '../../../test/helpers.js';
import { insertCategory, insertProduct } from '../../../test/catalog.js';
import { startSmtpServer, type TestSmtpServer } from '../../../test/smtp.js';
import { listingContext } from './context.js';
import { sendNewArrivalDrop } from './drops.js';
import { publishDueProducts } from './publishing.js';

let t: TestApp;
let smtp: TestSmtpServer;
let admin: { id: number; token: string };
let customer: { id: number; token: string; email: string };
let jackets: number;
let dresses: number;

const HOUR = 60 * 60 * 1000;
const QUIET_SECONDS = 600;

const as = (token: string | null, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, ...(token ? { headers: bearer(token) } : {}), ...(payload ? { payload } : {}) });

async function createItem(fields: Record<string, unknown>): Promise<{ id: number; status: string }> {
  const res = await as(admin.token, 'POST', '/api/products', {
    name: `Item ${Math.random().toString(36).slice(2, 8)}`,
    price: 800,
    stock_quantity: 1,
    categories: [jackets],
    ...fields,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

const publicIds = async (url: string) => (await as(null, 'GET', url)).json().map((p: { id: number }) => p.id);
const outbox = (template: string) =>
  t.db.selectFrom('mail_outbox').selectAll().where('template', '=', template).orderBy('id').execute();

/** Subscribes the address to the newsletter and follows the confirmation link e-mailed to it (double opt-in). */
async function subscribeConfirmed(email: string): Promise<void> {
  expect((await as(null, 'POST', '/api/subscribe', { email })).statusCode).toBe(200);
  const mail = (await outbox('newsletter_confirm')).filter((m) => m.to_address === email).at(-1)!;
  const token = /subscribe\/confirm\?token=([^\s"&<]+)/.exec(mail.text)![1]!;
  const confirmed = await as(null, 'POST', '/api/subscribe/confirm', { token: decodeURIComponent(token) });
  expect(confirmed.headers.location).toBe('http://shop.test/?subscribed=1');
}

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await buildTestApp({ env: { MAIL_URL: smtp.url, DROP_MAIL_QUIET_SECONDS: String(QUIET_SECONDS) } });
  admin = await createUser(t.db, { admin: true });
  customer = await createUser(t.db, { name: 'Achieng Otieno' });
  jackets = await insertCategory(t.db, 'Jackets');
  dresses = await insertCategory(t.db, 'Dresses');
});

afterAll(async () => {
  await t.close();
  await smtp.close();
});

describe(`drafts and scheduled items are hidden from shoppers, on ${TEST_DB}`, () => {
  it('a draft is nowhere for shoppers, 404 on its page, refused in wishlist, cart and orders; admins see it', async () => {
    const neighbour = await insertProduct(t.db, { categories: [jackets], name: 'Published neighbour' });
    const listBefore = await as(null, 'GET', '/api/products?per_page=100');
    const totalBefore = Number(listBefore.headers['x-total-count']);
    const draft = await createItem({ name: 'Secret denim jacket', status: 'draft', is_trending: 1, is_featured: 1 });
    expect(draft.status).toBe('draft');

    expect(await publicIds('/api/products?per_page=100')).not.toContain(draft.id);
    expect(Number((await as(null, 'GET', '/api/products')).headers['x-total-count'])).toBe(totalBefore);
    expect(await publicIds(`/api/categories/${jackets}/products`)).not.toContain(draft.id);
    expect(await publicIds('/api/products?featured=true')).not.toContain(draft.id);
    expect(await publicIds('/api/products/trending')).not.toContain(draft.id);
    expect(await publicIds(`/api/products/${neighbour}/related`)).not.toContain(draft.id);
    expect((await as(null, 'GET', '/api/products/search?q=secret denim')).json()).toEqual([]);
    expect((await as(null, 'GET', '/api/products?q=secret')).json()).toEqual([]);

    expect((await as(null, 'GET', `/api/products/${draft.id}`)).statusCode).toBe(404);
    expect((await as(customer.token, 'GET', `/api/products/${draft.id}`)).statusCode).toBe(404);
    expect((await as(null, 'GET', `/api/products/${draft.id}/related`)).statusCode).toBe(404);
    const seen = await as(admin.token, 'GET', `/api/products/${draft.id}`);
    expect(seen.statusCode).toBe(200);
    expect(seen.json()).toMatchObject({ id: draft.id, status: 'draft', name: 'Secret denim jacket' });

    expect((await as(customer.token, 'POST', '/api/wishlist', { product_id: draft.id })).statusCode).toBe(404);
    expect((await as(customer.token, 'POST', '/api/cart/add', { product_id: draft.id, quantity: 1 })).statusCode).toBe(
      404,
    );
    const order = await as(customer.token, 'POST', '/api/orders', {
      items: [{ product_id: draft.id, quantity: 1 }],
      shipping_address: 'CBD Delivery',
      shipping_phone: '0712345678',
    });
    expect(order.statusCode).toBeGreaterThanOrEqual(400);
    expect(order.statusCode).toBeLessThan(500);

    const adminList = await as(admin.token, 'GET', '/api/admin/products?status=draft');
    expect(adminList.statusCode).toBe(200);
    expect(adminList.json().map((p: { id: number }) => p.id)).toContain(draft.id);
    expect((await as(customer.token, 'GET', '/api/admin/products')).statusCode).toBe(403);
  });

  it('publishing shows the item at once, even to a reply that was cached, and counts it', async () => {
    const draft = await createItem({ name: 'Brown leather jacket', status: 'draft' });
    const cachedUrl = '/api/products?per_page=100&sort=newest';
    const before = await as(null, 'GET', cachedUrl);
    expect(before.json().map((p: { id: number }) => p.id)).not.toContain(draft.id);
    const total = Number(before.headers['x-total-count']);

    const published = await as(admin.token, 'PUT', `/api/products/${draft.id}`, { status: 'published' });
    expect(published.statusCode, published.body).toBe(200);
    expect(published.json().status).toBe('published');

    const after = await as(null, 'GET', cachedUrl);
    expect(after.json()[0].id).toBe(draft.id);
    expect(Number(after.headers['x-total-count'])).toBe(total + 1);
    expect((await as(null, 'GET', `/api/products/${draft.id}`)).json().name).toBe('Brown leather jacket');

    // Back to draft: off sale again.
    await as(admin.token, 'PUT', `/api/products/${draft.id}`, { status: 'draft' });
    expect((await as(null, 'GET', `/api/products/${draft.id}`)).statusCode).toBe(404);
  });

  it('refuses a schedule without a time, in the past, or a made-up status, with a message', async () => {
    const missing = await as(admin.token, 'POST', '/api/products', {
      name: 'x',
      price: 100,
      stock_quantity: 1,
      categories: [jackets],
      status: 'scheduled',
    });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors.publish_at).toEqual(['Choose when the item goes on sale.']);
    const past = await as(admin.token, 'POST', '/api/products', {
      name: 'x',
      price: 100,
      stock_quantity: 1,
      categories: [jackets],
      status: 'scheduled',
      publish_at: new Date(Date.now() - HOUR).toISOString(),
    });
    expect(past.statusCode).toBe(422);
    expect(past.json().errors.publish_at).toEqual(['The publish time must be in the future.']);
    const bogus = await as(admin.token, 'POST', '/api/products', {
      name: 'x',
      price: 100,
      stock_quantity: 1,
      categories: [jackets],
      status: 'hidden',
      publish_at: 'tomorrow',
    });
    expect(bogus.statusCode).toBe(422);
    expect(Object.keys(bogus.json().errors).sort()).toEqual(['publish_at', 'status']);
  });
});

describe(`scheduled drops, on ${TEST_DB}`, () => {
  it('a scheduled item goes on sale when the job runs at or after its time, once', async () => {
    const publishAt = new Date(Date.now() + 2 * HOUR);
    const item = await createItem({
      name: 'Scheduled kitenge dress',
      categories: [dresses],
      publish_at: publishAt.toISOString(),
    });
    expect(item.status).toBe('scheduled');
    const context = listingContext(t.config).publish;

    expect(await publishDueProducts(t.db, new Date(publishAt.getTime() - 1000), { context })).toEqual([]);
    expect((await as(null, 'GET', `/api/products/${item.id}`)).statusCode).toBe(404);

    expect(await publishDueProducts(t.db, publishAt, { context })).toEqual([item.id]);
    const shown = await as(null, 'GET', `/api/products/${item.id}`);
    expect(shown.statusCode).toBe(200);
    expect(shown.json().status).toBe('published');
    expect(await publishDueProducts(t.db, new Date(publishAt.getTime() + HOUR), { context })).toEqual([]);
  });

  it('two instances running the job at once publish each item once and alert once', async () => {
    const searcher = await createUser(t.db, { name: 'Njeri Kamau' });
    const saved = await as(searcher.token, 'POST', '/api/saved-searches', { category_id: dresses, q: 'race' });
    expect(saved.statusCode, saved.body).toBe(201);
    const publishAt = new Date(Date.now() + 3 * HOUR);
    const items = [];
    for (let i = 0; i < 5; i++) {
      items.push(
        await createItem({ name: `Race day dress ${i}`, categories: [dresses], publish_at: publishAt.toISOString() }),
      );
    }
    const context = listingContext(t.config).publish;
    const at = new Date(publishAt.getTime() + 1000);
    const [a, b] = await Promise.all([
      publishDueProducts(t.db, at, { context }),
      publishDueProducts(t.db, at, { context }),
    ]);
    expect([...a, ...b].sort((x, y) => x - y)).toEqual(items.map((i) => i.id).sort((x, y) => x - y));
    const alerts = await t.db
      .selectFrom('saved_search_alerts')
      .selectAll()
      .where('user_id', '=', searcher.id)
      .execute();
    expect(alerts).toHaveLength(5);
    const mails = (await outbox('saved_search_alert')).filter((m) => m.to_address === searcher.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('5 new items match your saved searches');
  });
});

describe(`new-arrival drop e-mails, on ${TEST_DB}`, () => {
  it('one e-mail per address per drop, after the quiet period, with List-Unsubscribe; unsubscribe works signed out', async () => {
    // Everything published so far goes out first, so this test counts only its own drop.
    await sendNewArrivalDrop(t.db, new Date(Date.now() + 24 * HOUR), listingContext(t.config).drop);
    await t.app.mail.deliverDue();

    await subscribeConfirmed('wanjiku@example.com');
    await subscribeConfirmed('both@example.com');
    const optedIn = await createUser(t.db, { email: 'both@example.com' });
    const onlyCustomer = await createUser(t.db, { email: 'kevin@example.com' });
    const notOptedIn = await createUser(t.db, { email: 'quiet@example.com' });
    for (const user of [optedIn, onlyCustomer]) {
      const res = await as(user.token, 'PUT', '/api/user/email-preferences', { new_arrivals: true });
      expect(res.json()).toEqual({ new_arrivals: true });
    }
    expect((await as(notOptedIn.token, 'GET', '/api/user/email-preferences')).json()).toEqual({ new_arrivals: false });
    expect((await as(notOptedIn.token, 'PUT', '/api/user/email-preferences', { new_arrivals: 'yes' })).statusCode).toBe(
      422,
    );

    const start = Date.now();
    const first = await createItem({ name: 'Green Adidas track top, size L' });
    const second = await createItem({ name: 'Red Zara blazer, size S' });
    const context = listingContext(t.config).drop;

    // Still listing: the quiet period after the last item has not passed.
    expect(await sendNewArrivalDrop(t.db, new Date(start + 60_000), context)).toBeNull();

    const later = new Date(Date.now() + (QUIET_SECONDS + 1) * 1000);
    const [dropA, dropB] = await Promise.all([
      sendNewArrivalDrop(t.db, later, context),
      sendNewArrivalDrop(t.db, later, context),
    ]);
    const drop = dropA ?? dropB;
    expect([dropA, dropB].filter(Boolean)).toHaveLength(1);
    expect(drop!.productIds).toEqual([first.id, second.id]);
    expect(drop!.recipients).toBe(3);
    expect(await sendNewArrivalDrop(t.db, new Date(later.getTime() + HOUR), context)).toBeNull();

    const queued = (await outbox('new_arrivals')).filter((m) => m.created_at >= new Date(start).toISOString());
    expect(queued.map((m) => m.to_address).sort()).toEqual([
      'both@example.com',
      'kevin@example.com',
      'wanjiku@example.com',
    ]);

    await t.app.mail.deliverDue();
    const mail = await smtp.waitForMessage((m) => m.to.includes('wanjiku@example.com') && /New in at/.test(m.subject));
    expect(mail.subject).toBe('New in at Mtumba: 2 fresh pieces');
    expect(mail.text).toContain('Red Zara blazer, size S');
    expect(mail.text).toContain(`http://shop.test/products/${first.id}`);
    expect(mail.raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
    const header = /^List-Unsubscribe:\s*<([^>]+)>/m.exec(mail.raw.replace(/\r?\n[ \t]+/g, ' '))?.[1];
    expect(header).toMatch(/^http:\/\/shop\.test\/api\/unsubscribe\?token=/);
    const pageLink = mail.links.find((l) => l.startsWith('http://shop.test/unsubscribe?token='));
    expect(pageLink).toBeDefined();

    // The page's link, signed out: GET only shows, POST unsubscribes.
    const token = new URL(pageLink!).searchParams.get('token')!;
    const status = await as(null, 'GET', `/api/unsubscribe?token=${encodeURIComponent(token)}`);
    expect(status.json()).toEqual({ email: 'wa*****@example.com', subscribed: true });
    const forged = await as(null, 'GET', `/api/unsubscribe?token=${encodeURIComponent(token.slice(0, -2) + 'xx')}`);
    expect(forged.statusCode).toBe(422);
    expect(forged.json().message).toBe('This unsubscribe link is not valid. Use the link from your latest e-mail.');

    // The header's link, as a mail provider posts it (RFC 8058).
    const oneClick = new URL(header!);
    const done = await t.app.inject({
      method: 'POST',
      url: oneClick.pathname + oneClick.search,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ subscribed: false, message: 'You will get no more new-arrival e-mails.' });
    expect((await as(null, 'GET', `/api/unsubscribe?token=${encodeURIComponent(token)}`)).json().subscribed).toBe(
      false,
    );

    // The opted-in customer unsubscribes from the page (JSON body): both ways of signing up end.
    const theirs = (await outbox('new_arrivals')).find((m) => m.to_address === 'both@example.com')!;
    const theirToken = /unsubscribe\?token=([^\s"&<]+)/.exec(theirs.text)![1]!;
    expect((await as(null, 'POST', '/api/unsubscribe', { token: decodeURIComponent(theirToken) })).statusCode).toBe(
      200,
    );
    expect((await as(optedIn.token, 'GET', '/api/user/email-preferences')).json()).toEqual({ new_arrivals: false });

    await createItem({ name: 'Yellow raincoat' });
    const next = await sendNewArrivalDrop(t.db, new Date(Date.now() + (QUIET_SECONDS + 1) * 1000), context);
    expect(next!.recipients).toBe(1);
    const nextMails = (await outbox('new_arrivals')).filter((m) => m.subject.includes('Yellow raincoat'));
    expect(nextMails.map((m) => m.to_address)).toEqual(['kevin@example.com']);
  });

  it('a scheduled drop is announced at its time, without waiting for a quiet period', async () => {
    await subscribeConfirmed('dropfan@example.com');
    const publishAt = new Date(Date.now() + 5 * HOUR);
    const item = await createItem({ name: 'Saturday drop: vintage shirt', publish_at: publishAt.toISOString() });
    const context = listingContext(t.config);
    expect(await sendNewArrivalDrop(t.db, publishAt, context.drop)).toBeNull();
    await publishDueProducts(t.db, publishAt, { context: context.publish });
    const drop = await sendNewArrivalDrop(t.db, publishAt, context.drop);
    expect(drop!.productIds).toEqual([item.id]);
    const mail = (await outbox('new_arrivals')).find((m) => m.to_address === 'dropfan@example.com');
    expect(mail!.subject).toBe('New in at Mtumba: Saturday drop: vintage shirt');
  });

  it('an unsubscribe link needs a token we signed: 422 otherwise', async () => {
    for (const url of ['/api/unsubscribe', '/api/unsubscribe?token=abc', '/api/unsubscribe?token=a.b.c']) {
      const res = await as(null, 'POST', url);
      expect(res.statusCode, url).toBe(422);
    }
  });
});

describe(`saved searches, on ${TEST_DB}`, () => {
  it('saves, lists and deletes a search; bad input, duplicates, the limit and other people\u2019s are 4xx', async () => {
    const me = await createUser(t.db);
    const other = await createUser(t.db);
    const created = await as(me.token, 'POST', '/api/saved-searches', {
      category_id: jackets,
      size: 'M',
      max_price: 1500,
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({
      category: { id: jackets, name: 'Jackets' },
      size: 'M',
      max_price: 1500,
      q: null,
      label: 'Jackets · size M · up to Ksh 1,500',
      matches: [],
    });
    expect(
      (await as(me.token, 'POST', '/api/saved-searches', { category_id: jackets, size: 'm', max_price: 1500 }))
        .statusCode,
    ).toBe(409);
    const empty = await as(me.token, 'POST', '/api/saved-searches', {});
    expect(empty.statusCode).toBe(422);
    expect(empty.json().message).toBe('Choose a category, a size, a highest price or some words to search for.');
    expect((await as(me.token, 'POST', '/api/saved-searches', { category_id: 999999 })).statusCode).toBe(422);
    expect((await as(me.token, 'POST', '/api/saved-searches', { max_price: -5 })).statusCode).toBe(422);
    expect((await as(me.token, 'POST', '/api/saved-searches', { q: 'x'.repeat(101) })).statusCode).toBe(422);
    expect((await as(null, 'GET', '/api/saved-searches')).statusCode).toBe(401);

    for (const q of ['one', 'two', 'three', 'four']) {
      expect((await as(me.token, 'POST', '/api/saved-searches', { q })).statusCode).toBe(201);
    }
    const sixth = await as(me.token, 'POST', '/api/saved-searches', { q: 'five' });
    expect(sixth.statusCode).toBe(422);
    expect(sixth.json().message).toBe('You can keep up to 5 saved searches. Delete one first.');

    const id = created.json().id;
    expect((await as(other.token, 'DELETE', `/api/saved-searches/${id}`)).statusCode).toBe(404);
    expect((await as(other.token, 'GET', '/api/saved-searches')).json().data).toEqual([]);
    expect((await as(me.token, 'DELETE', `/api/saved-searches/${id}`)).statusCode).toBe(200);
    expect((await as(me.token, 'GET', '/api/saved-searches')).json().data).toHaveLength(4);
  });

  it('alerts only for items that fit category, size, highest price and words; once per item', async () => {
    const me = await createUser(t.db, { name: 'Wairimu' });
    await as(me.token, 'POST', '/api/saved-searches', { category_id: jackets, size: 'M', max_price: 1500, q: 'denim' });
    const events: { product_id: number; userId: number }[] = [];
    const off = t.app.events.on('saved_search.matched', (e) => events.push(e));

    const fits = await createItem({ name: "Blue Levi's denim jacket", size: 'm', price: 1500 });
    await createItem({ name: 'Denim jacket, wrong size', size: 'L', price: 900 });
    await createItem({ name: 'Denim jacket, too dear', size: 'M', price: 1500.01 });
    await createItem({ name: 'Denim dress, other category', size: 'M', price: 900, categories: [dresses] });
    await createItem({ name: 'Corduroy jacket, other words', size: 'M', price: 900 });
    await createItem({ name: 'Denim jacket, sold out', size: 'M', price: 900, stock_quantity: 0 });
    const draft = await createItem({ name: 'Denim jacket, draft first', size: 'M', price: 900, status: 'draft' });
    off();

    const mine = (
      await t.db.selectFrom('saved_search_alerts').select('product_id').where('user_id', '=', me.id).execute()
    ).map((r) => r.product_id);
    expect(mine).toEqual([fits.id]);
    expect(events.filter((e) => e.userId === me.id).map((e) => e.product_id)).toEqual([fits.id]);
    const mails = (await outbox('saved_search_alert')).filter((m) => m.to_address === me.email);
    expect(mails.map((m) => m.subject)).toEqual(["New in your saved search: Blue Levi's denim jacket"]);

    // Publishing the draft alerts; taking it down and publishing again does not alert twice.
    await as(admin.token, 'PUT', `/api/products/${draft.id}`, { status: 'published' });
    await as(admin.token, 'PUT', `/api/products/${draft.id}`, { status: 'draft' });
    await as(admin.token, 'PUT', `/api/products/${draft.id}`, { status: 'published' });
    const after = (await outbox('saved_search_alert')).filter((m) => m.to_address === me.email);
    expect(after).toHaveLength(2);
    const listed = (await as(me.token, 'GET', '/api/saved-searches')).json().data[0];
    expect(listed.matches.map((m: { id: number }) => m.id).sort()).toEqual([fits.id, draft.id].sort());
  });
});
