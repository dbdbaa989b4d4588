import { PUBLISH_AT_PAST, PUBLISH_AT_REQUIRED, type PublishFields } from '@mtumba/contract/listing';
import type { Updateable } from 'kysely';
import type { Db } from '../../db/database.js';
import type { ProductStatus, ProductsTable } from '../../db/schema.js';
import { invalidField } from '../../lib/errors.js';
import { emitAll, type DomainEvents, type PendingEvent } from '../../lib/events.js';
import { alertSavedSearches, type AlertShop } from '../saved-searches/service.js';

/** What publishing needs from the configuration. */
export interface PublishContext {
  shop: AlertShop;
  /** a product published by hand may be announced by a drop e-mail this many seconds later */
  dropQuietSeconds: number;
}

export interface PublishChange {
  changes: Updateable<ProductsTable>;
  /** the product goes on sale with this change: saved searches are to be told */
  publishedNow: boolean;
}

/**
 * The publish columns for a product being created (`current` undefined) or edited, from the form's
 * `status` and `publish_at` (docs/product.md section 10):
 * - nothing sent: a new product is published at once; an edit leaves the state alone;
 * - `publish_at` alone means scheduled; a scheduled time must lie in the future;
 * - publishing sets `announce_after`, from which a drop e-mail may include the product.
 */
export function publishChange(
  current: { status: ProductStatus; publish_at: string | null } | undefined,
  fields: PublishFields,
  at: Date,
  quietSeconds: number,
): PublishChange {
  if (current && fields.status === undefined && fields.publish_at === undefined) {
    return { changes: {}, publishedNow: false };
  }
  const target: ProductStatus = fields.status ?? (fields.publish_at !== undefined ? 'scheduled' : 'published');
  if (target === 'scheduled') {
    const publishAt = fields.publish_at ?? current?.publish_at ?? undefined;
    if (!publishAt) throw invalidField('publish_at', PUBLISH_AT_REQUIRED);
    if (new Date(publishAt).getTime() <= at.getTime()) throw invalidField('publish_at', PUBLISH_AT_PAST);
    return { changes: { status: 'scheduled', publish_at: publishAt }, publishedNow: false };
  }
  if (target === 'draft') return { changes: { status: 'draft', publish_at: null }, publishedNow: false };
  if (current?.status === 'published') return { changes: {}, publishedNow: false };
  const nowIso = at.toISOString();
  return {
    changes: {
      status: 'published',
      publish_at: null,
      published_at: nowIso,
      announce_after: new Date(at.getTime() + quietSeconds * 1000).toISOString(),
    },
    publishedNow: true,
  };
}

const BATCH = 500;

/**
 * Puts scheduled products whose time has come on sale, and tells the saved searches they fit.
 * Safe on several instances at once: the conditional UPDATE publishes each product for one of
 * them only, and the alerts are written in that same transaction. Returns the ids it published.
 * The drop e-mail follows from `announce_after` (the scheduled time: no quiet period).
 */
export async function publishDueProducts(
  db: Db,
  at: Date,
  deps: { context: PublishContext; events?: DomainEvents },
): Promise<number[]> {
  const nowIso = at.toISOString();
  const { ids, events } = await db.transaction().execute(async (trx) => {
    const rows = await trx
      .updateTable('products')
      .set((eb) => ({
        status: 'published' as const,
        published_at: eb.ref('publish_at'),
        announce_after: eb.ref('publish_at'),
        updated_at: nowIso,
      }))
      .where('id', 'in', (qb) =>
        qb
          .selectFrom('products')
          .select('id')
          .where('status', '=', 'scheduled')
          .where('publish_at', '<=', nowIso)
          .where('deleted_at', 'is', null)
          .orderBy('publish_at')
          .orderBy('id')
          .limit(BATCH),
      )
      // checked again on the row itself: another instance may have published it meanwhile
      .where('status', '=', 'scheduled')
      .returning('id')
      .execute();
    const published = rows.map((r) => r.id).sort((a, b) => a - b);
    const pending: PendingEvent[] = await alertSavedSearches(trx, published, nowIso, deps.context.shop);
    return { ids: published, events: pending };
  });
  if (deps.events) emitAll(deps.events, events);
  return ids;
}
