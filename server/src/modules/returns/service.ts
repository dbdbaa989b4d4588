import { MONEY_RECEIVED_STATUSES, centsToAmount, formatKshCents } from '@mtumba/contract';
import {
  OPEN_RETURN_STATUSES,
  RETURN_MAX_PHOTOS,
  RETURN_MESSAGES,
  RETURN_MOVES,
  RETURN_REASON_WORDS,
  WRITE_OFF_REASON_WORDS,
  returnMoveRefusal,
  type AdminReturnsList,
  type OrderReturnsJson,
  type ReturnJson,
  type ReturnMove,
  type ReturnMoveName,
  type ReturnOutcome,
  type ReturnReason,
  type ReturnStatus,
  type WriteOffReason,
} from '@mtumba/contract/returns';
import type { Updateable } from 'kysely';
import type { Db, Executor, Trx } from '../../db/database.js';
import { isUniqueViolation, now } from '../../db/database.js';
import type { Order, OrderReturn, OrderReturnsTable } from '../../db/schema.js';
import { DomainError } from '../../lib/errors.js';
import type { PendingEvent } from '../../lib/events.js';
import type { ShopContext } from '../orders/emails.js';
import { ORDER_NOT_FOUND } from '../orders/messages.js';
import { findOrder, findOwnOrder, insertRefundRow, orderLines } from '../orders/order-records.js';
import { runOrderMove } from '../orders/run-move.js';
import { imageUrl, storeImage } from '../catalog/images.js';
import { restockReturned, writeOffReturned, type Actor } from '../stock/ledger.js';
import { mailReturnMove } from './emails.js';
import { returnsRepository } from './repository.js';

/**
 * Returns and refused deliveries (docs/product.md, Returns and refused deliveries). Every change of
 * a return is one row of RETURN_MOVES (`@mtumba/contract/returns`), made by `runReturnMove`: the
 * table's check, a conditional UPDATE on the return's status, the history entry and the
 * customer's e-mail, in the caller's transaction. Stock moves only when an item is received, once
 * per item (a conditional UPDATE on `received_at`): back on sale (`return_restock`) or written off
 * (`write_off`). Money moves only through the order's `record_refund` move.
 */

export interface ReturnSettings {
  windowDays: number;
  refundDeliveryFee: boolean;
}

type Result<T> = { value: T; events: PendingEvent[] };

const DAY_MS = 86_400_000;

async function runReturnMove(
  trx: Trx,
  step: {
    move: ReturnMoveName;
    ret: OrderReturn;
    by: Actor;
    to?: ReturnStatus;
    set?: Updateable<OrderReturnsTable>;
    note?: string | null;
    at: string;
  },
): Promise<OrderReturn> {
  const rule: ReturnMove = RETURN_MOVES[step.move];
  const refusal = returnMoveRefusal(step.move, step.ret.status);
  if (refusal) throw new DomainError('invalid', refusal);
  const to = step.to ?? (rule.to === 'received_when_all' ? step.ret.status : rule.to);
  const moved = await returnsRepository(trx).move(step.ret.id, step.ret.status, {
    ...step.set,
    status: to,
    updated_at: step.at,
  });
  if (!moved) throw new DomainError('conflict', 'This return was just changed by someone else. Please reload it.');
  await writeReturnHistory(trx, {
    from: step.ret.status,
    moved,
    move: step.move,
    by: step.by,
    note: step.note,
    at: step.at,
  });
  return moved;
}

async function writeReturnHistory(
  trx: Trx,
  entry: {
    from: ReturnStatus | null;
    moved: OrderReturn;
    move: ReturnMoveName;
    by: Actor;
    note?: string | null;
    at: string;
  },
): Promise<void> {
  await returnsRepository(trx).addHistory({
    return_id: entry.moved.id,
    move: entry.move,
    from_status: entry.from,
    to_status: entry.moved.status,
    actor: entry.by.actor,
    actor_user_id: entry.by.userId ?? null,
    note: entry.note ?? null,
    created_at: entry.at,
  });
}

async function loadReturn(db: Executor, id: number): Promise<OrderReturn> {
  const ret = await returnsRepository(db).findById(id);
  if (!ret) throw new DomainError('not_found', RETURN_MESSAGES.notFound);
  return ret;
}

async function loadOrder(db: Executor, id: number): Promise<Order> {
  const order = await findOrder(db, id);
  if (!order) throw new DomainError('not_found', ORDER_NOT_FOUND);
  return order;
}

/** When the customer's returns window closes, or undefined when the order was not delivered. */
async function windowEnd(db: Executor, order: Order, settings: ReturnSettings): Promise<string | undefined> {
  if (order.order_status !== 'delivered') return undefined;
  const delivered = (await returnsRepository(db).deliveredAt(order.id)) ?? new Date(order.updated_at).toISOString();
  return new Date(Date.parse(delivered) + settings.windowDays * DAY_MS).toISOString();
}

/**
 * What may still be refunded for a received return: its items as paid (the order's discounts
 * shared over its lines), the delivery fee if the shop refunds it, within what is left of the payment.
 */
function refundableCents(
  ret: OrderReturn,
  items: { quantity: number; unit_price_cents: number }[],
  order: Order,
  settings: ReturnSettings,
): number {
  if (ret.status !== 'received' || !MONEY_RECEIVED_STATUSES.includes(order.payment_status)) return 0;
  const listed = items.reduce((sum, i) => sum + i.quantity * i.unit_price_cents, 0);
  // the items as paid: the order's discounts shared over its lines
  const lines =
    order.subtotal_cents > 0
      ? Math.floor((listed * (order.subtotal_cents - order.discount_cents)) / order.subtotal_cents)
      : listed;
  const fee = settings.refundDeliveryFee ? order.delivery_fee_cents : 0;
  const owed = lines + fee - ret.refunded_cents;
  return Math.max(0, Math.min(owed, order.total_cents - order.refunded_cents));
}

async function returnJson(db: Executor, rets: OrderReturn[], settings: ReturnSettings): Promise<ReturnJson[]> {
  const items = await returnsRepository(db).itemsOf(rets.map((r) => r.id));
  const photos = await returnsRepository(db).photosOf(rets.map((r) => r.id));
  const orders = new Map<number, Order>();
  for (const r of rets) if (!orders.has(r.order_id)) orders.set(r.order_id, await loadOrder(db, r.order_id));
  return rets.map((r) => {
    const mine = items.filter((i) => i.return_id === r.id);
    return {
      id: r.id,
      order_id: r.order_id,
      kind: r.kind,
      status: r.status,
      reason: r.reason,
      note: r.note,
      shop_note: r.shop_note,
      refunded: centsToAmount(r.refunded_cents),
      refundable: centsToAmount(refundableCents(r, mine, orders.get(r.order_id)!, settings)),
      items: mine.map((i) => ({
        id: i.id,
        order_item_id: i.order_item_id,
        product_id: i.product_id,
        product_name: i.product_name,
        quantity: i.quantity,
        amount: centsToAmount(i.unit_price_cents * i.quantity),
        outcome: i.outcome,
        write_off_reason: i.write_off_reason,
        received_at: i.received_at === null ? null : new Date(i.received_at).toISOString(),
      })),
      photos: photos.filter((p) => p.return_id === r.id).map((p) => imageUrl(p.file_key)),
      created_at: new Date(r.created_at).toISOString(),
      updated_at: new Date(r.updated_at).toISOString(),
    };
  });
}

/** An order's returns, what may still be returned and until when (the customer's and the shop's view). */
export async function orderReturns(
  db: Executor,
  order: Order,
  settings: ReturnSettings,
  at = now(),
): Promise<OrderReturnsJson> {
  const repo = returnsRepository(db);
  const [rets, taken, lines, ends] = await Promise.all([
    repo.ofOrder(order.id),
    repo.openLines(order.id),
    orderLines(db, [order.id]),
    windowEnd(db, order, settings),
  ]);
  const returnable = lines.filter((l) => !taken.has(l.id));
  return {
    can_request: ends !== undefined && ends > at && returnable.length > 0,
    window_ends_at: ends ?? null,
    returnable_items: returnable.map((l) => ({ id: l.id, product_name: l.product_name, quantity: l.quantity })),
    returns: await returnJson(db, rets, settings),
  };
}

/** The customer's view of their own order's returns. */
export async function customerOrderReturns(
  db: Db,
  userId: number,
  orderId: number,
  settings: ReturnSettings,
): Promise<OrderReturnsJson> {
  const order = await findOwnOrder(db, orderId, userId);
  if (!order) throw new DomainError('not_found', ORDER_NOT_FOUND);
  return orderReturns(db, order, settings);
}

/** The shop's view of an order's returns. */
export async function adminOrderReturns(db: Db, orderId: number, settings: ReturnSettings): Promise<OrderReturnsJson> {
  return orderReturns(db, await loadOrder(db, orderId), settings);
}

/** The returns queue: open returns first (or those of one status), with the count waiting. */
export async function listReturns(
  db: Db,
  filter: 'open' | 'all' | ReturnStatus,
  settings: ReturnSettings,
): Promise<AdminReturnsList> {
  const repo = returnsRepository(db);
  const statuses = filter === 'all' ? undefined : filter === 'open' ? OPEN_RETURN_STATUSES : [filter];
  const rows = await repo.list(statuses, 200);
  const json = await returnJson(db, rows, settings);
  return {
    open: await repo.countIn(OPEN_RETURN_STATUSES),
    returns: json.map((r, i) => ({ ...r, customer_name: rows[i]!.customer_name ?? null })),
  };
}

const alreadyInReturn = () =>
  new DomainError('invalid', RETURN_MESSAGES.alreadyReturned, { errors: { items: [RETURN_MESSAGES.alreadyReturned] } });

/** The customer asks to return items of a delivered order within the window (`request`). */
export async function requestReturn(
  db: Db,
  shop: ShopContext,
  settings: ReturnSettings,
  user: { id: number },
  orderId: number,
  body: { items: number[]; reason: ReturnReason; note?: string | null },
): Promise<Result<ReturnJson>> {
  try {
    return await db.transaction().execute(async (trx) => {
      const order = await findOwnOrder(trx, orderId, user.id);
      if (!order) throw new DomainError('not_found', ORDER_NOT_FOUND);
      if (order.order_status !== 'delivered') throw new DomainError('invalid', RETURN_MESSAGES.notDelivered);
      const at = now();
      const ends = await windowEnd(trx, order, settings);
      if (!ends || ends <= at) throw new DomainError('invalid', RETURN_MESSAGES.outsideWindow(settings.windowDays));
      const lines = await orderLines(trx, [order.id]);
      const chosen = [...new Set(body.items)].map((id) => lines.find((l) => l.id === id));
      if (chosen.some((l) => l === undefined)) {
        throw new DomainError('invalid', RETURN_MESSAGES.unknownItem, {
          errors: { items: [RETURN_MESSAGES.unknownItem] },
        });
      }
      const taken = await returnsRepository(trx).openLines(order.id);
      if (chosen.some((l) => taken.has(l!.id))) throw alreadyInReturn();
      const repo = returnsRepository(trx);
      const ret = await repo.insert({
        order_id: order.id,
        user_id: order.user_id,
        kind: 'customer_return',
        status: 'requested',
        reason: body.reason,
        note: body.note || null,
        shop_note: null,
        created_at: at,
        updated_at: at,
      });
      await repo.insertItems(
        chosen.map((l) => ({
          return_id: ret.id,
          order_item_id: l!.id,
          open_order_item_id: l!.id,
          product_id: l!.product_id,
          quantity: l!.quantity,
          unit_price_cents: l!.unit_price_cents,
          outcome: null,
          write_off_reason: null,
          received_at: null,
        })),
      );
      await writeReturnHistory(trx, {
        from: null,
        moved: ret,
        move: 'request',
        by: { actor: 'customer', userId: user.id },
        note: `${RETURN_REASON_WORDS[body.reason]}${body.note ? `: ${body.note}` : ''}`,
        at,
      });
      await mailReturnMove(
        trx,
        shop,
        'requested',
        order,
        ret,
        chosen.map((l) => l!),
      );
      return { value: (await returnJson(trx, [ret], settings))[0]!, events: [] };
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw alreadyInReturn();
    throw err;
  }
}

/**
 * A shipped parcel came back undelivered: refused at the door (`refuse_delivery`) or the rider
 * could not hand it over (`delivery_failed`). The order is cancelled (a paid one is flagged for a
 * refund, a pay-on-delivery one owes nothing) and a return of every line waits for the parcel.
 */
export async function recordDeliveryFailure(
  db: Db,
  shop: ShopContext,
  settings: ReturnSettings,
  by: Actor,
  orderId: number,
  body: { kind: 'refused' | 'failed_delivery'; note?: string | null },
): Promise<Result<ReturnJson>> {
  const made: { ret?: OrderReturn } = {};
  const moved = await runOrderMove(db, shop, {
    move: body.kind === 'refused' ? 'refuse_delivery' : 'delivery_failed',
    by,
    order: orderId,
    note: body.note || (body.kind === 'refused' ? 'Refused at the door' : 'The rider could not deliver'),
    within: async (trx, order) => {
      const at = order.updated_at;
      const repo = returnsRepository(trx);
      const ret = await repo.insert({
        order_id: order.id,
        user_id: order.user_id,
        kind: body.kind,
        status: 'approved',
        reason: null,
        note: body.note || null,
        shop_note: null,
        created_at: at,
        updated_at: at,
      });
      const lines = await orderLines(trx, [order.id]);
      await repo.insertItems(
        lines.map((l) => ({
          return_id: ret.id,
          order_item_id: l.id,
          open_order_item_id: l.id,
          product_id: l.product_id,
          quantity: l.quantity,
          unit_price_cents: l.unit_price_cents,
          outcome: null,
          write_off_reason: null,
          received_at: null,
        })),
      );
      await writeReturnHistory(trx, {
        from: null,
        moved: ret,
        move: body.kind === 'refused' ? 'open_refused' : 'open_failed',
        by,
        note: body.note || null,
        at,
      });
      made.ret = ret;
    },
  });
  return { value: (await returnJson(db, [await loadReturn(db, made.ret!.id)], settings))[0]!, events: moved!.events };
}

/** The shop approves or declines a customer's return request, with a note to the customer. */
export async function answerReturn(
  db: Db,
  shop: ShopContext,
  settings: ReturnSettings,
  by: Actor,
  returnId: number,
  answer: { approve: boolean; note?: string | null },
): Promise<Result<ReturnJson>> {
  return db.transaction().execute(async (trx) => {
    const ret = await loadReturn(trx, returnId);
    const move = answer.approve ? 'approve' : 'decline';
    const moved = await runReturnMove(trx, {
      move,
      ret,
      by,
      set: { shop_note: answer.note || null },
      note: answer.note || null,
      at: now(),
    });
    if (!answer.approve) await returnsRepository(trx).freeLines(ret.id);
    const order = await loadOrder(trx, ret.order_id);
    const items = await returnsRepository(trx).itemsOf([ret.id]);
    await mailReturnMove(trx, shop, answer.approve ? 'approved' : 'declined', order, moved, items);
    return { value: (await returnJson(trx, [moved], settings))[0]!, events: [] };
  });
}

/**
 * The shop receives items of an approved return: each once, back on sale (`return_restock`) or
 * written off with a reason (`write_off`). Once every item is in, the return is received.
 */
export async function receiveReturnItems(
  db: Db,
  shop: ShopContext,
  settings: ReturnSettings,
  by: Actor,
  returnId: number,
  received: { id: number; outcome: ReturnOutcome; reason?: WriteOffReason | null }[],
): Promise<Result<ReturnJson>> {
  for (const r of received) {
    if (r.outcome === 'write_off' && !r.reason) {
      throw new DomainError('invalid', RETURN_MESSAGES.writeOffReason, {
        errors: { items: [RETURN_MESSAGES.writeOffReason] },
      });
    }
  }
  return db.transaction().execute(async (trx) => {
    const repo = returnsRepository(trx);
    const ret = await loadReturn(trx, returnId);
    const at = now();
    // the UPDATE first: a second admin receiving the same return waits here (PostgreSQL)
    let moved = await runReturnMove(trx, {
      move: 'receive',
      ret,
      by,
      at,
      note: received
        .map(
          (r) =>
            `#${r.id} ${r.outcome === 'resell' ? 'back on sale' : `written off (${WRITE_OFF_REASON_WORDS[r.reason!]})`}`,
        )
        .join('; '),
    });
    const items = await repo.itemsOf([ret.id]);
    const stockBy = { actor: by.actor, userId: by.userId ?? null };
    for (const r of [...received].sort((a, b) => a.id - b.id)) {
      const item = items.find((i) => i.id === r.id);
      const reason = r.outcome === 'write_off' ? (r.reason ?? 'other') : null;
      if (!item || !(await repo.receiveItem(r.id, ret.id, { outcome: r.outcome, reason, at }))) {
        throw new DomainError('invalid', item ? RETURN_MESSAGES.itemReceived : RETURN_MESSAGES.unknownItem, {
          errors: { items: [item ? RETURN_MESSAGES.itemReceived : RETURN_MESSAGES.unknownItem] },
        });
      }
      if (item.product_id === null) continue;
      const line = { returnId: ret.id, orderId: ret.order_id, productId: item.product_id, quantity: item.quantity };
      if (r.outcome === 'resell') await restockReturned(trx, line, stockBy, at);
      else await writeOffReturned(trx, { ...line, reason: WRITE_OFF_REASON_WORDS[reason!] }, stockBy, at);
    }
    const after = await repo.itemsOf([ret.id]);
    if (after.every((i) => i.received_at !== null)) {
      const done = await repo.move(ret.id, moved.status, { status: 'received', updated_at: at });
      if (!done) throw new DomainError('conflict', 'This return was just changed by someone else. Please reload it.');
      moved = done;
      await repo.addHistory({
        return_id: ret.id,
        move: 'receive',
        from_status: 'approved',
        to_status: 'received',
        actor: by.actor,
        actor_user_id: by.userId ?? null,
        note: 'Every item is back',
        created_at: at,
      });
      const order = await loadOrder(trx, ret.order_id);
      await mailReturnMove(trx, shop, 'received', order, moved, after);
    }
    return { value: (await returnJson(trx, [moved], settings))[0]!, events: [] };
  });
}

/**
 * The refund of a received return, through the order's `record_refund` move (its refund row and
 * e-mail): at most the returned items (with the delivery fee when the shop refunds it) and what
 * is left of the payment. Nothing is refunded for an order that was never paid.
 */
export async function refundReturn(
  db: Db,
  shop: ShopContext,
  settings: ReturnSettings,
  by: Actor,
  returnId: number,
  refund: { amountCents?: number; method: 'mpesa' | 'card' | 'cash'; reference: string | null; note: string | null },
): Promise<Result<ReturnJson>> {
  return db.transaction().execute(async (trx) => {
    const ret = await loadReturn(trx, returnId);
    if (ret.status === 'approved') throw new DomainError('invalid', RETURN_MESSAGES.notReceived);
    const refusal = returnMoveRefusal('refund', ret.status);
    if (refusal) throw new DomainError('invalid', refusal);
    const order = await loadOrder(trx, ret.order_id);
    if (!MONEY_RECEIVED_STATUSES.includes(order.payment_status) || order.payment_status === 'refunded') {
      throw new DomainError('invalid', RETURN_MESSAGES.nothingPaid);
    }
    const items = await returnsRepository(trx).itemsOf([ret.id]);
    const max = refundableCents(ret, items, order, settings);
    const amount = refund.amountCents ?? max;
    if (amount <= 0 || amount > max) {
      const message = RETURN_MESSAGES.refundTooLarge(formatKshCents(max));
      throw new DomainError('invalid', message, { errors: { amount: [message] } });
    }
    const at = now();
    const movedOrder = await runOrderMove(trx, shop, {
      move: 'record_refund',
      by,
      order,
      at,
      refundCents: amount,
      note: `Return #${ret.id} refunded: ${refund.method === 'mpesa' ? 'M-Pesa' : refund.method}${refund.reference ? ` ${refund.reference}` : ''}`,
      within: (t, o) =>
        insertRefundRow(t, {
          order_id: o.id,
          amount_cents: amount,
          method: refund.method,
          reference: refund.reference,
          note: refund.note ?? `Return #${ret.id}`,
          actor_user_id: by.userId ?? null,
          created_at: at,
        }),
    });
    const moved = await runReturnMove(trx, {
      move: 'refund',
      ret,
      by,
      at,
      set: { refunded_cents: ret.refunded_cents + amount },
      note: formatKshCents(amount),
    });
    return { value: (await returnJson(trx, [moved], settings))[0]!, events: movedOrder!.events };
  });
}

/**
 * The customer adds photos to their own return while it waits for the shop (at most
 * RETURN_MAX_PHOTOS in all): each is decoded and stored like a product image (WebP in every width).
 */
export async function addReturnPhotos(
  db: Db,
  settings: ReturnSettings,
  user: { id: number },
  orderId: number,
  returnId: number,
  images: Buffer[],
  uploadDir: string,
): Promise<ReturnJson> {
  const order = await findOwnOrder(db, orderId, user.id);
  const ret = await returnsRepository(db).findById(returnId);
  if (!order || !ret || ret.order_id !== order.id) throw new DomainError('not_found', RETURN_MESSAGES.notFound);
  if (ret.status !== 'requested') throw new DomainError('invalid', RETURN_MESSAGES.photosClosed);
  if (images.length === 0) {
    throw new DomainError('invalid', RETURN_MESSAGES.choosePhotos, {
      errors: { photos: [RETURN_MESSAGES.choosePhotos] },
    });
  }
  const had = (await returnsRepository(db).photosOf([ret.id])).length;
  if (had + images.length > RETURN_MAX_PHOTOS) {
    throw new DomainError('invalid', RETURN_MESSAGES.tooManyPhotos, {
      errors: { photos: [RETURN_MESSAGES.tooManyPhotos] },
    });
  }
  const keys: string[] = [];
  for (const image of images) keys.push((await storeImage(image, uploadDir)).file_key);
  await returnsRepository(db).addPhotos(ret.id, keys, now());
  return (await returnJson(db, [ret], settings))[0]!;
}
