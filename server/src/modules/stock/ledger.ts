import { sql } from 'kysely';
import type { OrderActor } from '@mtumba/contract';
import type { Executor } from '../../db/database.js';
import { fixedQuery } from '../../db/fixed-query.js';

/**
 * The stock ledger: the only code that changes `products.stock_quantity`. Every change is a
 * conditional UPDATE plus a row in `stock_movements` (reason, actor, order) in the caller's
 * transaction, so the shelf count is always the sum of its movements and nothing overwrites it.
 */

export type StockReason =
  | 'created'
  | 'reserve'
  | 'release'
  | 'admin_adjustment'
  | 'hold'
  | 'hold_release'
  | 'hold_to_order'
  | 'return_restock'
  | 'write_off';

/**
 * Who makes a change (an order or offer move, a stock movement): the role, the user (none for the
 * system and payment providers) and, for an admin's changes, the address it came from (the
 * security log keeps it). The one actor type of the order, offer and stock code.
 */
export interface Actor {
  actor: OrderActor;
  userId?: number | null;
  ip?: string | null;
}

interface Movement extends Actor {
  productId: number;
  change: number;
  stockAfter: number;
  reason: StockReason;
  orderId?: number | null;
  offerId?: number | null;
  returnId?: number | null;
  note?: string | null;
  at: string;
}

/** Every change of stock writes one: compiled once (db/fixed-query.ts). */
const movementInsert = fixedQuery(
  (
    db,
    productId: number,
    change: number,
    stockAfter: number,
    reason: StockReason,
    orderId: number | null,
    actor: OrderActor,
    actorUserId: number | null,
    note: string | null,
    offerId: number | null,
    returnId: number | null,
    at: string,
  ) =>
    db.insertInto('stock_movements').values({
      product_id: productId,
      change,
      stock_after: stockAfter,
      reason,
      order_id: orderId,
      actor,
      actor_user_id: actorUserId,
      note,
      offer_id: offerId,
      return_id: returnId,
      created_at: at,
    }),
  11,
);

async function record(db: Executor, m: Movement): Promise<void> {
  await movementInsert(
    db,
    m.productId,
    m.change,
    m.stockAfter,
    m.reason,
    m.orderId ?? null,
    m.actor,
    m.userId ?? null,
    m.note ?? null,
    m.offerId ?? null,
    m.returnId ?? null,
    m.at,
  );
}

/** An order's line off the shelf if it is all there (the conditional UPDATE that never oversells). */
const takeOffShelf = fixedQuery(
  (db, productId: number, quantity: number, at: string) =>
    db
      .updateTable('products')
      .set({ stock_quantity: sql`stock_quantity - ${quantity}`, updated_at: at })
      .where('id', '=', productId)
      .where('stock_quantity', '>=', quantity)
      .where('deleted_at', 'is', null)
      .returning('stock_quantity'),
  3,
);

/** The stock a new product starts with (it was inserted with 0). */
export async function openStock(
  db: Executor,
  productId: number,
  quantity: number,
  who: Actor,
  at: string,
): Promise<void> {
  if (quantity === 0) return;
  const row = await db
    .updateTable('products')
    .set({ stock_quantity: sql`stock_quantity + ${quantity}` })
    .where('id', '=', productId)
    .returning('stock_quantity')
    .executeTakeFirstOrThrow();
  await record(db, { productId, change: quantity, stockAfter: row.stock_quantity, reason: 'created', ...who, at });
}

export type AdjustResult = { ok: true; stock: number } | { ok: false; current: number | undefined };

/**
 * The admin's stock edit: moves the stock from what the form loaded (`expected`) to `target`,
 * only if it has not moved since; otherwise nothing changes and the current stock is returned.
 * Without `expected` (a client that does not send it), the stock the server reads now stands in.
 */
export async function adjustStock(
  db: Executor,
  productId: number,
  change: { expected?: number; target: number },
  who: Actor,
  at: string,
): Promise<AdjustResult> {
  let expected = change.expected;
  if (expected === undefined) {
    const row = await db.selectFrom('products').select('stock_quantity').where('id', '=', productId).executeTakeFirst();
    if (!row) return { ok: false, current: undefined };
    expected = row.stock_quantity;
  }
  const diff = change.target - expected;
  if (diff === 0) {
    const row = await db.selectFrom('products').select('stock_quantity').where('id', '=', productId).executeTakeFirst();
    return row?.stock_quantity === expected
      ? { ok: true, stock: expected }
      : { ok: false, current: row?.stock_quantity };
  }
  const row = await db
    .updateTable('products')
    .set({ stock_quantity: sql`stock_quantity + ${diff}`, updated_at: at })
    .where('id', '=', productId)
    .where('stock_quantity', '=', expected)
    .where('stock_quantity', '>=', -diff)
    .returning('stock_quantity')
    .executeTakeFirst();
  if (!row) {
    const current = await db
      .selectFrom('products')
      .select('stock_quantity')
      .where('id', '=', productId)
      .executeTakeFirst();
    return { ok: false, current: current?.stock_quantity };
  }
  await record(db, {
    productId,
    change: diff,
    stockAfter: row.stock_quantity,
    reason: 'admin_adjustment',
    ...who,
    at,
  });
  return { ok: true, stock: row.stock_quantity };
}

// ---------------------------------------------------------------------------------------------
// What an admin's stock edit loaded (docs/security.md, Stock holds and offers). Each product's
// stock has a version: the id of its latest movement. Admin replies carry it (`stock_version`,
// ETag); an edit that names it (If-Match) or the stock it loaded (`expected_stock`) is exact. An
// edit that names neither is judged against the window below.

/** Movements made by shoppers' orders and offers (not an admin's edit or the product's creation). */
const ORDER_AND_OFFER_REASONS: StockReason[] = [
  'reserve',
  'release',
  'hold',
  'hold_release',
  'hold_to_order',
  'return_restock',
];
const ADMIN_REASONS = ['created', 'opening_balance', 'admin_adjustment'];

/** `"<product id>-<latest movement id>"`: changes whenever the product's stock moves. */
export async function stockVersions(db: Executor, productIds: readonly number[]): Promise<Map<number, string>> {
  const versions = new Map<number, string>(productIds.map((id) => [id, `${id}-0`]));
  if (productIds.length === 0) return versions;
  const rows = await db
    .selectFrom('stock_movements')
    .select(['product_id', (eb) => eb.fn.max('id').as('latest')])
    .where('product_id', 'in', [...productIds])
    .groupBy('product_id')
    .execute();
  for (const row of rows) versions.set(row.product_id, `${row.product_id}-${Number(row.latest)}`);
  return versions;
}

/** The opaque value of each entity tag in an If-Match header (quotes and any `W/` taken off); undefined for `*`. */
export function ifMatchTags(header: string): string[] | undefined {
  const tags: string[] = [];
  for (const raw of header.split(',')) {
    const tag = raw.trim();
    if (tag === '*') return undefined;
    if (tag === '') continue;
    tags.push(tag.replace(/^W\//i, '').replace(/^"(.*)"$/, '$1'));
  }
  return tags;
}

/**
 * An edit that says neither what it loaded nor which version: it may set the stock only when no
 * order or offer moved it within the window (`since`) and after the admin's last stock change
 * (whose reply showed the stock); otherwise the answer is the current stock and nothing changes.
 * Setting the stock to what it already is always goes through (a typo fix that re-sends it).
 */
export async function unstatedEditBase(
  db: Executor,
  productId: number,
  target: number,
  since: string,
): Promise<AdjustResult> {
  const row = await db.selectFrom('products').select('stock_quantity').where('id', '=', productId).executeTakeFirst();
  if (!row) return { ok: false, current: undefined };
  if (row.stock_quantity === target) return { ok: true, stock: row.stock_quantity };
  const lastAdmin = await db
    .selectFrom('stock_movements')
    .select((eb) => eb.fn.max('id').as('id'))
    .where('product_id', '=', productId)
    .where('reason', 'in', ADMIN_REASONS)
    .executeTakeFirst();
  const moved = await db
    .selectFrom('stock_movements')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number | string>('change'), eb.lit(0)).as('net'))
    .where('product_id', '=', productId)
    .where('reason', 'in', ORDER_AND_OFFER_REASONS)
    .where('id', '>', Number(lastAdmin?.id ?? 0))
    .where('created_at', '>', since)
    .executeTakeFirstOrThrow();
  return Number(moved.net) === 0 ? { ok: true, stock: row.stock_quantity } : { ok: false, current: row.stock_quantity };
}

export interface OrderLine {
  product_id: number | null;
  quantity: number;
}

const shelfOf = fixedQuery(
  (db, productId: number) =>
    db.selectFrom('products').select('stock_quantity').where('id', '=', productId).where('deleted_at', 'is', null),
  1,
);

/**
 * A read, no lock: the first line (in product id order) the shelf does not hold now, or
 * undefined. Inside an order's transaction it refuses, before any write, an order whose item
 * another order took since it was read (SQLite: at once exact, the transaction being the only
 * writer; PostgreSQL: once that order has committed). `reserveLines` stays the final word.
 */
export async function firstMissingLine(db: Executor, lines: readonly OrderLine[]): Promise<number | undefined> {
  const wanted = lines
    .filter((l): l is OrderLine & { product_id: number } => l.product_id !== null && l.quantity > 0)
    .sort((a, b) => a.product_id - b.product_id);
  if (wanted.length === 0) return undefined;
  const stock = new Map<number, number>();
  if (wanted.length === 1) {
    const [row] = await shelfOf(db, wanted[0]!.product_id);
    if (row) stock.set(wanted[0]!.product_id, row.stock_quantity);
  } else {
    const rows = await db
      .selectFrom('products')
      .select(['id', 'stock_quantity'])
      .where(
        'id',
        'in',
        wanted.map((l) => l.product_id),
      )
      .where('deleted_at', 'is', null)
      .execute();
    for (const r of rows) stock.set(r.id, r.stock_quantity);
  }
  return wanted.find((l) => (stock.get(l.product_id) ?? 0) < l.quantity)?.product_id;
}

/**
 * Takes every line of an order off the shelf, or none: returns the product id of the first line
 * that is not in stock (after putting back the lines already taken), or undefined when all were
 * taken. Lines are taken in product id order so two orders never wait on each other's rows in a cycle.
 */
export async function reserveLines(
  db: Executor,
  orderId: number,
  lines: readonly OrderLine[],
  who: Actor,
  at: string,
): Promise<number | undefined> {
  const sorted = [...lines].sort((a, b) => (a.product_id ?? 0) - (b.product_id ?? 0));
  const taken: OrderLine[] = [];
  for (const line of sorted) {
    if (line.product_id === null) {
      await releaseLines(db, orderId, taken, who, at, 'Not every item was available');
      return -1;
    }
    const [row] = await takeOffShelf(db, line.product_id, line.quantity, at);
    if (!row) {
      await releaseLines(db, orderId, taken, who, at, 'Not every item was available');
      return line.product_id;
    }
    taken.push(line);
    await record(db, {
      productId: line.product_id,
      change: -line.quantity,
      stockAfter: row.stock_quantity,
      reason: 'reserve',
      orderId,
      ...who,
      at,
    });
  }
  return undefined;
}

/** Puts every line of an order back on the shelf (the caller makes sure this happens once). */
export async function releaseLines(
  db: Executor,
  orderId: number,
  lines: readonly OrderLine[],
  who: Actor,
  at: string,
  note?: string,
): Promise<void> {
  const sorted = [...lines].sort((a, b) => (a.product_id ?? 0) - (b.product_id ?? 0));
  for (const line of sorted) {
    if (line.product_id === null) continue;
    const row = await db
      .updateTable('products')
      .set({ stock_quantity: sql`stock_quantity + ${line.quantity}`, updated_at: at })
      .where('id', '=', line.product_id)
      .returning('stock_quantity')
      .executeTakeFirst();
    if (!row) continue;
    await record(db, {
      productId: line.product_id,
      change: line.quantity,
      stockAfter: row.stock_quantity,
      reason: 'release',
      orderId,
      note,
      ...who,
      at,
    });
  }
}

// ---------------------------------------------------------------------------------------------
// Offer holds (docs/product.md, Make an offer): one unit taken off the shelf for an accepted price
// offer. `held_quantity` counts such units, changed in the same UPDATE as the stock.

/** Takes one unit off the shelf for an accepted offer; false when none is left (nothing changes). */
export async function holdUnit(
  db: Executor,
  offerId: number,
  productId: number,
  who: Actor,
  at: string,
): Promise<boolean> {
  const row = await db
    .updateTable('products')
    .set({ stock_quantity: sql`stock_quantity - 1`, held_quantity: sql`held_quantity + 1`, updated_at: at })
    .where('id', '=', productId)
    .where('stock_quantity', '>=', 1)
    .where('deleted_at', 'is', null)
    .returning('stock_quantity')
    .executeTakeFirst();
  if (!row) return false;
  await record(db, { productId, change: -1, stockAfter: row.stock_quantity, reason: 'hold', offerId, ...who, at });
  return true;
}

/** Puts an offer's held unit back on the shelf (the caller makes sure this happens once). */
export async function releaseHeldUnit(
  db: Executor,
  offerId: number,
  productId: number,
  who: Actor,
  at: string,
  note?: string,
): Promise<void> {
  const row = await db
    .updateTable('products')
    .set({ stock_quantity: sql`stock_quantity + 1`, held_quantity: sql`held_quantity - 1`, updated_at: at })
    .where('id', '=', productId)
    .where('held_quantity', '>=', 1)
    .returning('stock_quantity')
    .executeTakeFirst();
  if (!row) return;
  await record(db, {
    productId,
    change: 1,
    stockAfter: row.stock_quantity,
    reason: 'hold_release',
    offerId,
    note,
    ...who,
    at,
  });
}

/**
 * An offer's held unit becomes an order's reservation: the shelf count does not move (the unit
 * was already off it), so it is never free in between and never counted twice. The order's later
 * release puts it back like any reserved line.
 */
export async function handHeldUnitToOrder(
  db: Executor,
  offerId: number,
  productId: number,
  orderId: number,
  who: Actor,
  at: string,
): Promise<boolean> {
  const row = await db
    .updateTable('products')
    .set({ held_quantity: sql`held_quantity - 1`, updated_at: at })
    .where('id', '=', productId)
    .where('held_quantity', '>=', 1)
    .returning('stock_quantity')
    .executeTakeFirst();
  if (!row) return false;
  await record(db, {
    productId,
    change: 0,
    stockAfter: row.stock_quantity,
    reason: 'hold_to_order',
    orderId,
    offerId,
    ...who,
    at,
  });
  return true;
}

// ---------------------------------------------------------------------------------------------
// Returns (docs/product.md, Returns and refused deliveries): an item that left with an order comes
// back. The return's item row is marked received in the same transaction (a conditional UPDATE on
// `received_at`), so each item is restocked or written off once.

/** A returned item goes back on sale: `return_restock`, the quantity back on the shelf. */
export async function restockReturned(
  db: Executor,
  line: { returnId: number; orderId: number; productId: number; quantity: number },
  who: Actor,
  at: string,
): Promise<void> {
  const row = await db
    .updateTable('products')
    .set({ stock_quantity: sql`stock_quantity + ${line.quantity}`, updated_at: at })
    .where('id', '=', line.productId)
    .returning('stock_quantity')
    .executeTakeFirst();
  if (!row) return;
  await record(db, {
    productId: line.productId,
    change: line.quantity,
    stockAfter: row.stock_quantity,
    reason: 'return_restock',
    orderId: line.orderId,
    returnId: line.returnId,
    note: `Return #${line.returnId}: back on sale`,
    ...who,
    at,
  });
}

/**
 * A returned (or lost) item is written off: it was off the shelf since its order took it, so the
 * shelf count does not move; the movement records the units gone and why.
 */
export async function writeOffReturned(
  db: Executor,
  line: { returnId: number; orderId: number; productId: number; quantity: number; reason: string },
  who: Actor,
  at: string,
): Promise<void> {
  const row = await db
    .selectFrom('products')
    .select('stock_quantity')
    .where('id', '=', line.productId)
    .executeTakeFirst();
  if (!row) return;
  await record(db, {
    productId: line.productId,
    change: 0,
    stockAfter: row.stock_quantity,
    reason: 'write_off',
    orderId: line.orderId,
    returnId: line.returnId,
    note: `Return #${line.returnId}: ${line.quantity} written off (${line.reason})`,
    ...who,
    at,
  });
}

/** A product's latest movements, newest first, with the acting admin's name. */
export function recentMovements(db: Executor, productId: number, limit: number) {
  return db
    .selectFrom('stock_movements as m')
    .leftJoin('users as u', 'u.id', 'm.actor_user_id')
    .select([
      'm.id',
      'm.change',
      'm.stock_after',
      'm.reason',
      'm.order_id',
      'm.actor',
      'm.note',
      'm.created_at',
      'u.name as actor_name',
    ])
    .where('m.product_id', '=', productId)
    .orderBy('m.id', 'desc')
    .limit(limit)
    .execute();
}
