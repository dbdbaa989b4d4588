import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, createUser, type TestApp } from '../../../test/helpers.js';
import { createProduct, paymentsOf, placeOrder } from '../../../test/payment-fixtures.js';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp({
    env: {
      PAYMENT_WEBHOOK_SECRET: 'test-webhook-secret-0123456789',
      MPESA_PROMPTS_PER_PHONE: '3',
      MPESA_PROMPTS_PER_ACCOUNT: '5',
      MPESA_PROMPT_LIMIT_MINUTES: '30',
    },
  });
});
afterAll(async () => {
  await t?.close();
});

async function customerWithOrder() {
  const customer = await createUser(t.db);
  const product = await createProduct(t.db);
  const order = await placeOrder(t.app, customer.token, [{ product_id: product.id, quantity: 1 }]);
  return { customer, order };
}

function prompt(token: string, orderId: number, phone: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/payments/mpesa',
    headers: bearer(token),
    payload: { order_id: orderId, phone },
  });
}

const prompts = async (orderId: number) => (await paymentsOf(t.db, orderId)).filter((p) => p.kind === 'mpesa_prompt');

describe('M-Pesa prompts are limited per phone and per account', () => {
  it("12 prompts at once to a stranger's phone: 3 ring it, the rest are refused with when to try again", async () => {
    const { customer, order } = await customerWithOrder();
    const replies = await Promise.all(
      Array.from({ length: 12 }, () => prompt(customer.token, order.id, '0733 111 222')),
    );
    const statuses = replies.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([...Array(3).fill(201), ...Array(9).fill(429)]);
    const refused = replies.find((r) => r.statusCode === 429)!;
    expect(refused.json()).toMatchObject({
      message: 'Too many M-Pesa prompts have been sent to this phone. Please try again in 30 minutes.',
      retry_after_seconds: expect.any(Number),
    });
    expect(await prompts(order.id)).toHaveLength(3);

    // another account cannot ring that phone either: the count is the phone's
    const other = await customerWithOrder();
    const fromOther = await prompt(other.customer.token, other.order.id, '+254733111222');
    expect(fromOther.statusCode).toBe(429);
    expect(await prompts(other.order.id)).toHaveLength(0);
    // while a prompt to another phone still goes out
    expect((await prompt(other.customer.token, other.order.id, '0733 111 333')).statusCode).toBe(201);
  });

  it('one account may ask for 5 prompts in the window, whichever phones they go to', async () => {
    const { customer, order } = await customerWithOrder();
    for (const phone of ['0744 000 001', '0744 000 001', '0744 000 002', '0744 000 002', '0744 000 003']) {
      expect((await prompt(customer.token, order.id, phone)).statusCode).toBe(201);
    }
    const sixth = await prompt(customer.token, order.id, '0744 000 004');
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().message).toBe(
      'Too many M-Pesa prompts have been asked for from this account. Please try again in 30 minutes.',
    );
    expect(await prompts(order.id)).toHaveLength(5);
  });
});
