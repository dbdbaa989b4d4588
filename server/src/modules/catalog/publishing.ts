import { PUBLISH_AT_PAST, PUBLISH_AT_REQUIRED, type PublishFields } from '@mtumba/contract/listing';
import type { Updateable } from 'kysely';
import type { Executor } from '../../db/database.js';
import type { ProductStatus, ProductsTable } from '../../db/schema.js';
import { invalidField } from '../../lib/errors.js';
import type { PendingEvent } from '../../lib/events.js';

/**
 * What else happens when products go on sale by hand (created or edited as published): run inside
 * the transaction that publishes them, it returns the events to emit once that transaction commits.
 * The app wires it (server/src/flows/publish-product.ts: the saved-search alerts); the catalogue
 * does not know who listens.
 */
export type WhenPublished = (trx: Executor, productIds: number[], at: string) => Promise<PendingEvent[]>;

/** How the catalogue publishes: the drop e-mail's quiet period and what follows a publication. */
export interface PublishOptions {
  /** a product published by hand may be announced by a drop e-mail this many seconds later */
  dropQuietSeconds: number;
  whenPublished?: WhenPublished;
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
