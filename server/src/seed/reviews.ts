import { randomBytes } from 'node:crypto';
import { priceOrder } from '@mtumba/contract/pricing';
import { randomSecret, type Config } from '../config.js';
import { hashPassword } from '../lib/passwords.js';
import { refreshProductRatings } from '../modules/catalog/service.js';
import type { Executor } from '../db/database.js';
import type { OrderStatus } from '../db/schema.js';
import type { DemoCatalogue } from './catalogue.js';
import { DEMO_REVIEWERS } from './demo-data.js';

const DAY_MS = 24 * 60 * 60 * 1000;

export interface PreparedReviewer {
  email: string;
  passwordHash: string;
}

/** Reviewers get a random password nobody knows: they exist to have bought and reviewed. */
export function prepareReviewers(config: Config): Promise<PreparedReviewer[]> {
  return Promise.all(
    DEMO_REVIEWERS.map(async (r) => ({
      email: r.email,
      passwordHash: await hashPassword(randomSecret(18), config.passwordHashCost),
    })),
  );
}

/** The products the demo reviewers bought: they must be listed before the orders were placed. */
export function reviewedProductNames(): Set<string> {
  return new Set(DEMO_REVIEWERS.flatMap((r) => r.reviews.map((review) => review.product)));
}

/**
 * Each reviewer placed one order for what they reviewed, paid it, received it and then wrote the
 * reviews, as the shop's rule requires (reviews only for delivered orders).
 */
export async function insertReviewerOrders(
  db: Executor,
  input: {
    catalogue: DemoCatalogue;
    productIds: number[];
    reviewers: PreparedReviewer[];
    adminId: number | null;
    now?: Date;
  },
): Promise<{ orders: number; reviews: number }> {
  const now = (input.now ?? new Date()).getTime();
  const hashes = new Map(input.reviewers.map((r) => [r.email, r.passwordHash]));
  const reviewed: number[] = [];
  let reviews = 0;

  for (const [index, reviewer] of DEMO_REVIEWERS.entries()) {
    const at = (days: number, hours = 0) => new Date(now - days * DAY_MS + hours * 3_600_000).toISOString();
    const placed = 28 - index * 2;
    const joined = at(placed + 3);
    const existing = await db.selectFrom('users').select('id').where('email', '=', reviewer.email).executeTakeFirst();
    const userId =
      existing?.id ??
      (
        await db
          .insertInto('users')
          .values({
            name: reviewer.name,
            email: reviewer.email,
            password_hash: hashes.get(reviewer.email) ?? null,
            is_admin: 0,
            email_verified_at: joined,
            google_sub: null,
            created_at: joined,
            updated_at: joined,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;

    const lines = reviewer.reviews.map((review) => {
      const index = input.catalogue.byName.get(review.product);
      if (index === undefined) throw new Error(`demo review of an unknown product: ${review.product}`);
      const seed = input.catalogue.seeds[index];
      return {
        productId: input.productIds[index],
        name: seed.row.name,
        imageKey: seed.images[0]?.file_key ?? null,
        unitPriceCents: seed.row.price_cents,
        quantity: review.quantity ?? 1,
        review,
      };
    });
    const price = priceOrder({ items: lines, shipping: 'CBD Delivery', previousPaymentStatuses: [] });
    const timeline: [OrderStatus | null, OrderStatus, string, string][] = [
      [null, 'pending', 'customer', at(placed)],
      ['pending', 'processing', 'payment', at(placed, 0.1)],
      ['processing', 'shipped', 'admin', at(placed - 1)],
      ['shipped', 'delivered', 'admin', at(placed - 2)],
    ];
    const order = await db
      .insertInto('orders')
      .values({
        user_id: userId,
        order_status: 'delivered',
        payment_status: 'paid',
        subtotal_cents: price.subtotalCents,
        discount_cents: price.discountCents,
        delivery_fee_cents: price.deliveryFeeCents,
        total_cents: price.totalCents,
        applied_discounts: JSON.stringify(price.appliedDiscounts),
        shipping_address: 'CBD Delivery',
        shipping_phone: reviewer.phone,
        discount_code: null,
        reserved_until: null,
        stock_released_at: null,
        cancel_requested_at: null,
        paid_at: at(placed, 0.1),
        created_at: at(placed),
        updated_at: at(placed - 2),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('order_items')
      .values(
        lines.map((l) => ({
          order_id: order.id,
          product_id: l.productId,
          product_name: l.name,
          product_image_key: l.imageKey,
          unit_price_cents: l.unitPriceCents,
          quantity: l.quantity,
        })),
      )
      .execute();
    await db
      .insertInto('order_history')
      .values(
        timeline.map(([from, to, actor, when]) => ({
          order_id: order.id,
          from_status: from,
          to_status: to,
          actor,
          actor_user_id: actor === 'customer' ? userId : actor === 'admin' ? input.adminId : null,
          note: null,
          created_at: when,
        })),
      )
      .execute();
    await db
      .insertInto('payments')
      .values({
        order_id: order.id,
        reference: `MT-${order.id}-${randomBytes(5).toString('hex').toUpperCase()}`,
        provider: 'sandbox',
        status: 'paid',
        amount_cents: price.totalCents,
        currency: 'KES',
        method: 'mpesa',
        checkout_url: null,
        provider_checkout_id: null,
        provider_invoice_id: null,
        failure_reason: null,
        created_at: at(placed),
        updated_at: at(placed, 0.1),
      })
      .execute();
    await db
      .insertInto('reviews')
      .values(
        lines.map((l, k) => ({
          product_id: l.productId,
          user_id: userId,
          rating: l.review.rating,
          review_text: l.review.text,
          created_at: at(placed - 4 - k),
          updated_at: at(placed - 4 - k),
        })),
      )
      .execute();
    reviewed.push(...lines.map((l) => l.productId));
    reviews += lines.length;
  }
  await refreshProductRatings(db, reviewed);
  return { orders: DEMO_REVIEWERS.length, reviews };
}
