import { centsToAmount } from '@mtumba/contract';
import {
  CODE_MESSAGES,
  type discountCodeBodySchema,
  discountCodeLabel,
  type DiscountCodeJson,
} from '@mtumba/contract/discount-codes';
import type { PaymentStatus } from '@mtumba/contract/order-states';
import type { z } from 'zod';
import type { Executor, Trx } from '../../db/database.js';
import { isUniqueViolation, now } from '../../db/database.js';
import type { DiscountCode } from '../../db/schema.js';
import { conflict, invalidField, notFound } from '../../lib/errors.js';
import { discountsRepository } from './repository.js';

/**
 * Discount codes (docs/product.md, discount codes): the admin's codes, checked when an order is
 * priced and redeemed inside the order's transaction, where the database's counters decide the
 * last use when orders race. A cancelled or expired order gives its use back.
 */

export const CODE_NOT_FOUND = 'Discount code not found.';
const CODE_TAKEN = 'A discount code with that name already exists.';

type Body = z.output<typeof discountCodeBodySchema>;

const parseIds = (json: string): number[] => {
  try {
    const ids: unknown = JSON.parse(json);
    return Array.isArray(ids) ? ids.filter((n): n is number => typeof n === 'number') : [];
  } catch {
    return [];
  }
};

const iso = (v: string | null): string | null => (v === null ? null : new Date(v).toISOString());

export function discountCodeJson(row: DiscountCode): DiscountCodeJson {
  const amount = row.kind === 'percent' ? row.amount : centsToAmount(row.amount);
  return {
    id: row.id,
    code: row.code,
    kind: row.kind,
    amount,
    min_spend: centsToAmount(row.min_spend_cents),
    first_order_only: row.first_order_only === 1,
    starts_at: iso(row.starts_at),
    ends_at: iso(row.ends_at),
    max_uses: row.max_uses,
    max_uses_per_customer: row.max_uses_per_customer,
    category_ids: parseIds(row.category_ids),
    is_active: row.is_active === 1,
    uses: row.uses,
    label: discountCodeLabel({ code: row.code, kind: row.kind, amount }),
  };
}

function columns(body: Body) {
  return {
    code: body.code.toUpperCase(),
    code_key: body.code.toUpperCase(),
    kind: body.kind,
    amount: body.kind === 'percent' ? body.amount : Math.round(body.amount * 100),
    min_spend_cents: Math.round(body.min_spend * 100),
    first_order_only: body.first_order_only ? 1 : 0,
    starts_at: body.starts_at,
    ends_at: body.ends_at,
    max_uses: body.max_uses,
    max_uses_per_customer: body.max_uses_per_customer,
    category_ids: JSON.stringify([...new Set(body.category_ids)].sort((a, b) => a - b)),
    is_active: body.is_active ? 1 : 0,
  };
}

export async function listDiscountCodes(db: Executor): Promise<DiscountCodeJson[]> {
  return (await discountsRepository(db).list()).map(discountCodeJson);
}

async function refuseUnknownCategories(db: Executor, ids: readonly number[]): Promise<void> {
  const known = new Set(await discountsRepository(db).existingCategories([...new Set(ids)]));
  const unknown = ids.find((id) => !known.has(id));
  if (unknown !== undefined) throw invalidField('category_ids', `Category #${unknown} does not exist.`);
}

export async function createDiscountCode(db: Executor, body: Body): Promise<DiscountCodeJson> {
  await refuseUnknownCategories(db, body.category_ids);
  const at = now();
  const row = await discountsRepository(db)
    .insert({ ...columns(body), created_at: at, updated_at: at })
    .catch((err: unknown) => {
      if (isUniqueViolation(err)) throw conflict(CODE_TAKEN);
      throw err;
    });
  return discountCodeJson(row);
}

export async function updateDiscountCode(db: Executor, id: number, body: Body): Promise<DiscountCodeJson> {
  await refuseUnknownCategories(db, body.category_ids);
  const row = await discountsRepository(db)
    .update(id, { ...columns(body), updated_at: now() })
    .catch((err: unknown) => {
      if (isUniqueViolation(err)) throw conflict(CODE_TAKEN);
      throw err;
    });
  if (!row) throw notFound(CODE_NOT_FOUND);
  return discountCodeJson(row);
}

/** Whether an active code of that name exists (the early "Invalid discount code"). */
export async function activeCodeExists(db: Executor, key: string): Promise<boolean> {
  return (await discountsRepository(db).findByKey(key))?.is_active === 1;
}

/** A code that passed every check, with what pricing needs and what redeeming it needs. */
export interface CheckedCode {
  id: number;
  code: string;
  maxUsesPerCustomer: number | null;
  pricing: { label: string; kind: 'percent' | 'fixed'; amount: number; eligibleSubtotalCents: number };
  /** the code's terms when the order was priced (kept on the redemption) */
  terms: string;
}

const refuse = (message: string) => invalidField('discount_code', message);

/**
 * Checks an admin's code for this customer and these items, each refusal with its own message
 * (422 on `discount_code`); `undefined` when no such active code exists. The counters are read
 * here for the message only: the order's transaction takes the use for real (`redeemCode`).
 */
export async function checkDiscountCode(
  db: Executor,
  key: string,
  customer: { id: number; previousPaymentStatuses: readonly PaymentStatus[] },
  items: readonly { productId: number; lineCents: number }[],
  at = now(),
): Promise<CheckedCode | undefined> {
  const repo = discountsRepository(db);
  const row = await repo.findByKey(key);
  if (!row || row.is_active !== 1) return undefined;
  const atMs = Date.parse(at);
  if (row.starts_at !== null && Date.parse(iso(row.starts_at)!) > atMs) {
    throw refuse(CODE_MESSAGES.notStarted(row.code, iso(row.starts_at)!));
  }
  if (row.ends_at !== null && Date.parse(iso(row.ends_at)!) <= atMs) {
    throw refuse(CODE_MESSAGES.expired(row.code, iso(row.ends_at)!));
  }
  // the customer's own limit first: it tells them more than "used up"
  if (
    row.max_uses_per_customer !== null &&
    (await repo.customerUses(row.id, customer.id)) >= row.max_uses_per_customer
  ) {
    throw refuse(CODE_MESSAGES.perCustomer(row.code, row.max_uses_per_customer));
  }
  if (row.max_uses !== null && row.uses >= row.max_uses) throw refuse(CODE_MESSAGES.exhausted(row.code));
  if (row.first_order_only === 1 && customer.previousPaymentStatuses.includes('paid')) {
    throw refuse(CODE_MESSAGES.firstOrderOnly(row.code));
  }
  const subtotalCents = items.reduce((sum, i) => sum + i.lineCents, 0);
  if (subtotalCents < row.min_spend_cents) {
    throw refuse(CODE_MESSAGES.belowMinimum(row.code, centsToAmount(row.min_spend_cents)));
  }
  const categoryIds = parseIds(row.category_ids);
  let eligibleSubtotalCents = subtotalCents;
  if (categoryIds.length > 0) {
    const wanted = new Set(categoryIds);
    const links = await repo.categoriesOf([...new Set(items.map((i) => i.productId))]);
    const covered = new Set(links.filter((l) => wanted.has(l.category_id)).map((l) => l.product_id));
    eligibleSubtotalCents = items.filter((i) => covered.has(i.productId)).reduce((sum, i) => sum + i.lineCents, 0);
    if (eligibleSubtotalCents === 0) throw refuse(CODE_MESSAGES.noEligibleItems(row.code));
  }
  const json = discountCodeJson(row);
  return {
    id: row.id,
    code: row.code,
    maxUsesPerCustomer: row.max_uses_per_customer,
    pricing: { label: json.label, kind: row.kind, amount: row.amount, eligibleSubtotalCents },
    terms: JSON.stringify({
      code: json.code,
      kind: json.kind,
      amount: json.amount,
      min_spend: json.min_spend,
      first_order_only: json.first_order_only,
      category_ids: json.category_ids,
    }),
  };
}

/**
 * Inside the order's transaction: takes one of the code's uses and one of the customer's, or
 * refuses (422) and rolls the order back. The counters' conditional UPDATEs decide when two
 * orders race for the last use; the redemption row keeps what the order was given.
 */
export async function redeemCode(
  trx: Trx,
  code: CheckedCode,
  order: { id: number; userId: number; discountCents: number },
  at: string,
): Promise<void> {
  const repo = discountsRepository(trx);
  if (!(await repo.takeCustomerUse(code.id, order.userId, code.maxUsesPerCustomer))) {
    throw refuse(CODE_MESSAGES.perCustomer(code.code, code.maxUsesPerCustomer ?? 1));
  }
  if (!(await repo.takeUse(code.id))) throw refuse(CODE_MESSAGES.exhausted(code.code));
  await repo.insertRedemption({
    order_id: order.id,
    code_id: code.id,
    user_id: order.userId,
    terms: code.terms,
    discount_cents: order.discountCents,
    released_at: null,
    created_at: at,
  });
}

/** A cancelled or expired order gives its code's use back (once). */
export async function releaseCodeUse(trx: Trx, orderId: number, at: string): Promise<void> {
  const repo = discountsRepository(trx);
  const released = await repo.releaseRedemption(orderId, at);
  if (released) await repo.moveCounters(released.code_id, released.user_id, -1);
}

/**
 * A cancelled order paid after all (`late_payment`) keeps its price, so it takes its use again,
 * even past the limit: the customer has paid for what the order says.
 */
export async function restoreCodeUse(trx: Trx, orderId: number): Promise<void> {
  const repo = discountsRepository(trx);
  const restored = await repo.restoreRedemption(orderId);
  if (restored) await repo.moveCounters(restored.code_id, restored.user_id, 1);
}
