import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLAIM_MESSAGES } from '@mtumba/contract/account';
import { bearer, buildTestApp, createUser, type TestApp } from '../../../test/helpers.js';
import { orderableProduct } from '../../../test/order-fixtures.js';
import { startFakeAfricasTalking, type FakeAfricasTalking } from '../../../test/africastalking-fake.js';
import { hashSecret } from '../accounts/tokens.js';

// Customers known only by phone (docs/product.md section 13): created with a name and a Kenyan
// phone, told about their order by SMS (pay link and claim link), never e-mailed; every active
// delivery method with the address fields it needs; the claim link and its hostile cases.

let fake: FakeAfricasTalking;
let t: TestApp;
let admin: Awaited<ReturnType<typeof createUser>>;

beforeAll(async () => {
  fake = await startFakeAfricasTalking();
  t = await buildTestApp({
    env: {
      AT_API_KEY: fake.apiKey,
      AT_USERNAME: fake.username,
      AT_SENDER_ID: 'MTUMBA',
      AT_URL: fake.url,
      SHOP_NAME: 'Mtumba Test',
    },
  });
  admin = await createUser(t.db, { admin: true, name: 'Shop Admin' });
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

function asAdmin(method: 'GET' | 'POST', url: string, payload?: object) {
  return t.app.inject({ method, url, headers: bearer(admin.token), ...(payload === undefined ? {} : { payload }) });
}

let phoneCounter = 300_000;
/** A fresh Safaricom-style number each time: 0712 3xx xxx. */
const newPhone = () => `0712${String(phoneCounter++).padStart(6, '0')}`;
const e164 = (local: string) => `+254${local.replace(/\s/g, '').slice(1)}`;

interface Customer {
  id: number;
  name: string;
  email: string;
  has_email: boolean;
  phone: string | null;
  has_password: boolean;
}

async function phoneOnlyCustomer(name = 'Akinyi Odhiambo') {
  const phone = newPhone();
  const res = await asAdmin('POST', '/api/admin/customers', { name, phone });
  expect(res.statusCode, res.body).toBe(201);
  return { phone, customer: (res.json() as { customer: Customer }).customer };
}

async function methodNamed(prefix: string) {
  const res = await t.app.inject({ method: 'GET', url: '/api/delivery-methods' });
  const methods = res.json() as { id: number; name: string; kind: string; zones: { name: string; fee: number }[] }[];
  const found = methods.find((m) => m.name.startsWith(prefix));
  expect(found, prefix).toBeDefined();
  return found!;
}

interface ManualReply {
  message: string;
  order: {
    id: number;
    shipping_address: string;
    delivery_fee: number;
    delivery: {
      name: string;
      kind: string;
      town: string | null;
      pickup_office: string | null;
      zone: string | null;
      address: string | null;
    } | null;
  };
  pay_link: { url: string } | null;
  texted_to: string | null;
  customer_has_email: boolean;
  claim_link_sent: boolean;
}

async function upcountryOrder(customerId: number) {
  const upcountry = await methodNamed('Upcountry parcel');
  const product = await orderableProduct(t.db, { priceCents: 1000_00 });
  const res = await asAdmin('POST', '/api/admin/orders/manual', {
    customer_id: customerId,
    items: [{ product_id: product.id, quantity: 1 }],
    delivery_method_id: upcountry.id,
    delivery_town: 'Kisumu',
    delivery_pickup_office: 'Easy Coach, Kisumu stage',
    channel: 'whatsapp',
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as ManualReply;
}

const textsTo = (phone: string) =>
  t.db.selectFrom('sms_outbox').selectAll().where('to_phone', '=', e164(phone)).orderBy('id').execute();

const claimTokenIn = (message: string) => /\/claim\/([\w-]+)/.exec(message)?.[1] ?? '';

describe('customers known only by phone', () => {
  it('creates one from a name and a phone, finds it again by that phone, and it cannot be signed in to', async () => {
    const phone = newPhone();
    const res = await asAdmin('POST', '/api/admin/customers', { name: 'Akinyi Odhiambo', phone: ` ${phone} ` });
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json() as { message: string; created: boolean; customer: Customer };
    expect(created.created).toBe(true);
    expect(created.message).toMatch(/without an e-mail address/);
    expect(created.customer).toMatchObject({ email: '', has_email: false, phone: e164(phone), has_password: false });

    // the same phone again: the same account, unchanged
    const again = await asAdmin('POST', '/api/admin/customers', { name: 'Someone Else', phone, email: '' });
    expect(again.statusCode).toBe(200);
    expect((again.json() as { customer: Customer }).customer).toMatchObject({
      id: created.customer.id,
      name: 'Akinyi Odhiambo',
    });

    const found = await asAdmin('GET', `/api/admin/customers?q=${encodeURIComponent(phone)}`);
    expect((found.json() as { data: Customer[] }).data).toEqual([
      expect.objectContaining({ id: created.customer.id, has_email: false, email: '' }),
    ]);

    // nobody signs in to, or registers, the account's stand-in address
    const row = await t.db
      .selectFrom('users')
      .select('email')
      .where('id', '=', created.customer.id)
      .executeTakeFirstOrThrow();
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: row.email, password: 'x' },
    });
    expect(login.statusCode).toBe(422);
    const register = await t.app.inject({
      method: 'POST',
      url: '/api/register',
      payload: {
        name: 'Taker',
        email: row.email,
        password: 'long enough pass',
        password_confirmation: 'long enough pass',
      },
    });
    expect(register.statusCode).toBe(422);
  });

  it('asks for a valid Kenyan phone when there is no e-mail', async () => {
    const none = await asAdmin('POST', '/api/admin/customers', { name: 'No Contact' });
    expect(none.statusCode).toBe(422);
    expect((none.json() as { errors: Record<string, string[]> }).errors.phone?.[0]).toMatch(/phone number/);
    const bad = await asAdmin('POST', '/api/admin/customers', { name: 'Bad Phone', phone: '12345' });
    expect(bad.statusCode).toBe(422);
    expect((bad.json() as { errors: Record<string, string[]> }).errors.phone).toBeDefined();
    const reserved = await asAdmin('POST', '/api/admin/customers', { name: 'Sly', email: 'x@phone-only.invalid' });
    expect(reserved.statusCode).toBe(422);
  });

  it('texts the pay link and a claim link, and e-mails nothing', async () => {
    const { phone, customer } = await phoneOnlyCustomer();
    const mailBefore = await t.db.selectFrom('mail_outbox').select('id').execute();
    const reply = await upcountryOrder(customer.id);
    expect(reply.customer_has_email).toBe(false);
    expect(reply.claim_link_sent).toBe(true);
    expect(reply.texted_to).toBe(`${phone.slice(0, 4)} ${phone.slice(4, 7)} ${phone.slice(7)}`);
    expect(reply.message).toMatch(/no e-mail is sent/);
    expect(reply.message).toContain(reply.texted_to!);

    const [text, ...more] = await textsTo(phone);
    expect(more).toEqual([]);
    expect(text!.message).toContain(reply.pay_link!.url);
    expect(text!.message).toContain(`#${reply.order.id}`);
    expect(claimTokenIn(text!.message)).not.toBe('');

    const mailAfter = await t.db.selectFrom('mail_outbox').select(['id', 'to_address']).execute();
    const newMail = mailAfter.filter((m) => !mailBefore.some((b) => b.id === m.id));
    expect(newMail.filter((m) => m.to_address.endsWith('.invalid'))).toEqual([]);
  });
});

describe('manual orders with the shop’s delivery methods', () => {
  it('takes an upcountry parcel with its town and pickup office, priced as at checkout', async () => {
    const { customer } = await phoneOnlyCustomer();
    const reply = await upcountryOrder(customer.id);
    expect(reply.order.shipping_address).toBe('Upcountry parcel (courier or matatu)');
    expect(reply.order.delivery_fee).toBe(350);
    expect(reply.order.delivery).toMatchObject({
      kind: 'courier',
      town: 'Kisumu',
      pickup_office: 'Easy Coach, Kisumu stage',
    });
  });

  it('asks for what the method needs and refuses an inactive method, as checkout does', async () => {
    const customer = (await phoneOnlyCustomer()).customer;
    const product = await orderableProduct(t.db);
    const upcountry = await methodNamed('Upcountry parcel');
    const doorstep = await methodNamed('Nairobi doorstep');
    const base = { customer_id: customer.id, items: [{ product_id: product.id, quantity: 1 }], channel: 'phone' };
    const errorsOf = async (extra: object) => {
      const res = await asAdmin('POST', '/api/admin/orders/manual/quote', { ...base, ...extra });
      expect(res.statusCode, res.body).toBe(422);
      return (res.json() as { errors: Record<string, string[]> }).errors;
    };
    expect(Object.keys(await errorsOf({ delivery_method_id: upcountry.id }))).toEqual(['delivery_town']);
    expect(Object.keys(await errorsOf({ delivery_method_id: upcountry.id, delivery_town: 'Nakuru' }))).toEqual([
      'delivery_pickup_office',
    ]);
    expect(Object.keys(await errorsOf({ delivery_method_id: doorstep.id, delivery_address: 'Ngong Rd' }))).toEqual([
      'delivery_zone',
    ]);
    expect(
      Object.keys(await errorsOf({ delivery_method_id: doorstep.id, delivery_zone: 'Mombasa', delivery_address: 'X' })),
    ).toEqual(['delivery_zone']);
    expect(Object.keys(await errorsOf({}))).toEqual(['shipping_address']);
    expect(Object.keys(await errorsOf({ delivery_method_id: 2_000_000 }))).toEqual(['delivery_method_id']);

    // a zone's own fee
    const zone = doorstep.zones[0]!;
    const quote = await asAdmin('POST', '/api/admin/orders/manual/quote', {
      ...base,
      delivery_method_id: doorstep.id,
      delivery_zone: zone.name,
      delivery_address: 'Ngong Road, Adams Arcade, house 4',
    });
    expect(quote.statusCode, quote.body).toBe(200);
    expect((quote.json() as { delivery_fee: number }).delivery_fee).toBe(zone.fee);
  });
});

describe('claim links', () => {
  async function claimLink() {
    const { phone, customer } = await phoneOnlyCustomer('Wairimu Njoroge');
    const reply = await upcountryOrder(customer.id);
    const texts = await textsTo(phone);
    return { phone, customer, orderId: reply.order.id, token: claimTokenIn(texts.at(-1)!.message) };
  }
  const claim = (token: string, email: string, password = 'a good long pass') =>
    t.app.inject({
      method: 'POST',
      url: `/api/account-claims/${token}`,
      payload: { email, password, password_confirmation: password },
    });

  it('lets the customer set an e-mail and password, verifies the phone, and shows the order in My orders', async () => {
    const { phone, customer, orderId, token } = await claimLink();
    const view = await t.app.inject({ method: 'GET', url: `/api/account-claims/${token}` });
    expect(view.statusCode).toBe(200);
    expect(view.json()).toMatchObject({
      name: 'Wairimu Njoroge',
      phone: `${phone.slice(0, 4)} ${phone.slice(4, 7)} ${phone.slice(7)}`,
    });

    const email = `wairimu-${customer.id}@example.com`;
    const res = await claim(token, email);
    expect(res.statusCode, res.body).toBe(201);
    const signedIn = res.json() as { token: string; message: string; user: { email: string; email_verified: boolean } };
    expect(signedIn.message).toBe(CLAIM_MESSAGES.claimed);
    expect(signedIn.user).toMatchObject({ email, email_verified: false });

    // the verification e-mail goes to the new address, as for a new account
    const mail = await t.db.selectFrom('mail_outbox').select('template').where('to_address', '=', email).execute();
    expect(mail.map((m) => m.template)).toEqual(['verify_email']);

    const orders = await t.app.inject({ method: 'GET', url: '/api/orders', headers: bearer(signedIn.token) });
    expect(orders.statusCode).toBe(200);
    expect(JSON.stringify(orders.json())).toContain(`"id":${orderId}`);

    const row = await t.db
      .selectFrom('users')
      .select(['phone_verified_at', 'password_hash'])
      .where('id', '=', customer.id)
      .executeTakeFirstOrThrow();
    expect(row.phone_verified_at).not.toBeNull();
    expect(row.password_hash).not.toBeNull();

    // the link worked once; the account now has an e-mail: refused
    const again = await claim(token, `other-${customer.id}@example.com`);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ message: CLAIM_MESSAGES.hasEmail });
  });

  it('refuses a forged, a used (replaced) and an expired link with a clear 4xx', async () => {
    const forged = await t.app.inject({ method: 'GET', url: '/api/account-claims/not-a-real-token' });
    expect(forged.statusCode).toBe(404);
    expect(forged.json()).toMatchObject({ message: CLAIM_MESSAGES.invalid });
    expect((await claim('x'.repeat(43), 'forger@example.com')).statusCode).toBe(404);

    // a second order texts a new link: the first one stops working
    const first = await claimLink();
    await upcountryOrder(first.customer.id);
    const replaced = await claim(first.token, `late-${first.customer.id}@example.com`);
    expect(replaced.statusCode).toBe(410);
    expect(replaced.json()).toMatchObject({ message: CLAIM_MESSAGES.used });

    const late = await claimLink();
    await t.db
      .updateTable('one_time_tokens')
      .set({ expires_at: new Date(Date.now() - 60_000).toISOString() })
      .where('token_hash', '=', hashSecret(late.token))
      .execute();
    const expired = await claim(late.token, `expired-${late.customer.id}@example.com`);
    expect(expired.statusCode).toBe(410);
    expect(expired.json()).toMatchObject({ message: CLAIM_MESSAGES.expired });
    // nothing changed
    const row = await t.db
      .selectFrom('users')
      .select('email')
      .where('id', '=', late.customer.id)
      .executeTakeFirstOrThrow();
    expect(row.email.endsWith('.invalid')).toBe(true);
  });

  it('refuses an account that has an e-mail already, and an address another account uses', async () => {
    const withEmail = await claimLink();
    await t.db
      .updateTable('users')
      .set({ email: `set-${withEmail.customer.id}@example.com` })
      .where('id', '=', withEmail.customer.id)
      .execute();
    const refused = await claim(withEmail.token, `new-${withEmail.customer.id}@example.com`);
    expect(refused.statusCode).toBe(409);

    const other = await createUser(t.db);
    const taken = await claimLink();
    const res = await claim(taken.token, other.email);
    expect(res.statusCode).toBe(422);
    expect((res.json() as { errors: Record<string, string[]> }).errors.email).toBeDefined();
    // the link still works with a free address
    expect((await claim(taken.token, `free-${taken.customer.id}@example.com`)).statusCode).toBe(201);
  });

  it('does not verify a phone already verified on another account (PHONE_MAX_ACCOUNTS), but still hands the account over', async () => {
    const { phone, customer, token } = await claimLink();
    const holder = await createUser(t.db);
    const at = new Date().toISOString();
    await t.db
      .insertInto('phone_verifications')
      .values({
        user_id: holder.id,
        phone: e164(phone),
        code_hash: 'x',
        attempts: 0,
        expires_at: at,
        verified_at: at,
        created_at: at,
      })
      .execute();
    const res = await claim(token, `second-${customer.id}@example.com`);
    expect(res.statusCode, res.body).toBe(201);
    const row = await t.db
      .selectFrom('users')
      .select('phone_verified_at')
      .where('id', '=', customer.id)
      .executeTakeFirstOrThrow();
    expect(row.phone_verified_at).toBeNull();
  });
});
