import type { Migration } from 'kysely';
import * as m0001 from './0001_initial.js';
import * as m0003 from './0003_catalog_indexes.js';
import * as m0004 from './0004_order_reservation_extension.js';
import * as m0006 from './0006_search_index.js';
import * as m0030 from './0030_product_compare_at_price.js';

/**
 * Every migration, in order. Add a new file as `NNNN_what_it_does.ts` and list it here;
 * never edit one that has shipped.
 */
export const migrations: Record<string, Migration> = {
  '0001_initial': m0001,
  '0003_catalog_indexes': m0003,
  '0004_order_reservation_extension': m0004,
  '0006_search_index': m0006,
  '0030_product_compare_at_price': m0030,
};
