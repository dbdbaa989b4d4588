import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, createUser, TEST_DB, type TestApp } from '../../../test/helpers.js';
import { orderableProduct, orderBody, setOrderState } from '../../../test/order-fixtures.js';
import { startSmtpServer, type TestSmtpServer } from '../../../test/smtp.js';
import { MESSAGE_IDS, MESSAGES_EN, MESSAGES_SW } from '../../lib/i18n/messages.js';
import { dateIn, kshIn, t as translate } from '../../lib/i18n/index.js';
import { formatKshCents } from '@mtumba/contract';

let t: TestApp;
let smtp: TestSmtpServer;

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await buildTestApp({
    env: { MAIL_URL: smtp.url, MAIL_POLL_INTERVAL_MS: '50', POD_MAX_ORDER_KSH: '3000' },
    jobs: true,
  });
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

type Headers = Record<string, string>;

/** A customer who has received an order before (pay on delivery is open), in a language. */
async function customer(language: 'en' | 'sw') {
  const user = await createUser(t.db);
  const headers = bearer(user.token);
  const first = await place(headers);
  await setOrderState(t.db, first, { order_status: 'delivered' });
  const set = await t.app.inject({ method: 'PUT', url: '/api/user/language', headers, payload: { language } });
  expect(set.statusCode, set.body).toBe(200);
  return { ...user, headers };
}

async function place(headers: Headers, priceCents = 1200_00): Promise<number> {
  const p = await orderableProduct(t.db, { priceCents, stock: 1 });
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/orders',
    headers,
    payload: orderBody([{ product_id: p.id, quantity: 1 }]),
  });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json().order as { id: number }).id;
}

async function confirmPayOnDelivery(headers: Headers, orderId: number) {
  const res = await t.app.inject({ method: 'POST', url: `/api/orders/${orderId}/pay-on-delivery`, headers });
  expect(res.statusCode, res.body).toBe(200);
}

describe(`e-mails in the customer's language on ${TEST_DB}`, () => {
  it('a customer whose language is Kiswahili receives the order confirmation in Kiswahili over SMTP', async () => {
    const swahili = await customer('sw');
    // the browser sends no cookie: the account's language is the request's, and the order keeps it
    const orderId = await place(swahili.headers);
    await confirmPayOnDelivery(swahili.headers, orderId);

    const mail = await smtp.waitForMessage((m) => m.to.includes(swahili.email) && m.subject.includes(`#${orderId}`));
    expect(mail.subject).toBe(`Oda #${orderId} imethibitishwa: Lipa ukipokea`);
    expect(mail.text).toContain(`Habari ${swahili.name},`);
    expect(mail.text).toContain('Oda yako imethibitishwa na utalipa ukipokea.');
    expect(mail.text).toContain('Lipa Ksh 1,200 mahali pa kuchukulia unapochukua oda yako (pesa taslimu au M-Pesa).');
    expect(mail.text).toContain('Jumla: Ksh 1,200');
    expect(mail.text).toContain('Mahali pa kuchukulia:');
    expect(mail.text).toMatch(/Angalia oda yako: http:\/\/shop\.test\/orders\/\d+/);
    expect(mail.text).not.toMatch(/\bYour order\b|\bHi\b/);
    expect(mail.html).toContain('<html lang="sw">');
    expect(mail.html).toContain('Kitufe kisipofanya kazi, fungua kiungo hiki:');
  });

  it('an English customer gets the same e-mail word for word as before', async () => {
    const english = await customer('en');
    const orderId = await place(english.headers);
    await confirmPayOnDelivery(english.headers, orderId);

    const mail = await smtp.waitForMessage((m) => m.to.includes(english.email) && m.subject.includes(`#${orderId}`));
    expect(mail.subject).toBe(`Order #${orderId} confirmed: pay on delivery`);
    expect(mail.text).toContain(`Hi ${english.name},`);
    expect(mail.text).toContain('Pay Ksh 1,200 at the pickup point when you collect your order (cash or M-Pesa).');
    expect(mail.html).toContain('<html lang="en">');
    expect(mail.html).toContain('If the button does not work, open this link:');
  });

  it('mails about an order follow the order’s language, not a later change of the account', async () => {
    const swahili = await customer('sw');
    const orderId = await place(swahili.headers);
    const back = await t.app.inject({
      method: 'PUT',
      url: '/api/user/language',
      headers: swahili.headers,
      payload: { language: 'en' },
    });
    expect(back.statusCode).toBe(200);
    await confirmPayOnDelivery(swahili.headers, orderId);
    const mail = await smtp.waitForMessage((m) => m.to.includes(swahili.email) && m.subject.includes(`#${orderId}`));
    expect(mail.subject).toBe(`Oda #${orderId} imethibitishwa: Lipa ukipokea`);
  });
});

describe('the e-mail and text catalog', () => {
  it('has an English and a Kiswahili entry for every id, with the same values', () => {
    for (const id of MESSAGE_IDS) {
      expect(MESSAGES_EN[id], id).toBeTruthy();
      expect(MESSAGES_SW[id], id).toBeTruthy();
      const names = (m: string) => [...new Set([...m.matchAll(/\{(\w+)[,}]/g)].map((x) => x[1]))].sort();
      expect(names(MESSAGES_SW[id]!), id).toEqual(names(MESSAGES_EN[id]!));
    }
  });

  it('formats Ksh and dates for en-KE and sw-KE, English exactly as before', () => {
    for (const cents of [0, 5_000, 150_000, 149_950, 123_456_789])
      expect(kshIn('en', cents)).toBe(formatKshCents(cents));
    expect(kshIn('sw', 150_000)).toBe('Ksh 1,500');
    expect(kshIn('sw', 149_950)).toBe('Ksh 1,499.50');
    expect(dateIn('sw', '2026-11-26T09:00:00Z')).toBe('26 Novemba 2026');
    expect(dateIn('en', '2026-11-26T09:00:00Z')).toBe('26 November 2026');
    expect(translate('sw', 'order.receipt.heading', { id: 7 })).toBe('Asante kwa kununua! Oda #7 imelipwa');
    // plurals: ICU picks the form by the number in each language
    expect(translate('en', 'alert.cart.body', { count: 1 })).toMatch(/^This item is still in your cart/);
    expect(translate('en', 'alert.cart.body', { count: 3 })).toMatch(/^These 3 items are still in your cart/);
    expect(translate('sw', 'alert.cart.body', { count: 3 })).toMatch(/^Bidhaa hizi 3 bado ziko kwenye kikapu chako/);
    expect(translate('sw', 'alert.backOnSale.heading', { count: 1 })).toBe('Bidhaa uliyotaka imerudi');
  });
});
