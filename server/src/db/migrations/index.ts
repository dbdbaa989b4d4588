import type { Migration } from 'kysely';
import * as m0001 from './0001_initial.js';
import * as m0003 from './0003_catalog_indexes.js';
import * as m0004 from './0004_order_reservation_extension.js';
import * as m0006 from './0006_search_index.js';
import * as m0007 from './0007_order_lifecycle.js';
import * as m0010 from './0010_account_security.js';
import * as m0020 from './0020_catalogue_version.js';
import * as m0030 from './0030_product_compare_at_price.js';
import * as m0040 from './0040_delivery_methods.js';
import * as m0070 from './0070_listing_drops.js';
import * as m0060 from './0060_insights_indexes.js';
import * as m0050 from './0050_mpesa_prompt.js';
import * as m0051 from './0051_sms.js';
import * as m0080 from './0080_manual_orders.js';
import * as m0090 from './0090_price_offers.js';
import * as m0093 from './0093_newsletter_double_opt_in.js';
import * as m0096 from './0096_product_measurements.js';
import * as m0100 from './0100_order_shipment.js';
import * as m0110 from './0110_returns.js';
import * as m0120 from './0120_order_sources.js';
import * as m0130 from './0130_shopper_alerts.js';
import * as m0140 from './0140_discount_codes.js';
import * as m0150 from './0150_languages.js';
import * as m0160 from './0160_push_notifications.js';
import * as m0170 from './0170_catalogue_versions.js';
import * as m0180 from './0180_demand_on_cancellation.js';
import * as m0190 from './0190_arrivals.js';

/**
 * Every migration, in order. Add a new file as `NNNN_what_it_does.ts` and list it here;
 * never edit one that has shipped.
 */
export const migrations: Record<string, Migration> = {
  '0001_initial': m0001,
  '0003_catalog_indexes': m0003,
  '0004_order_reservation_extension': m0004,
  '0006_search_index': m0006,
  '0007_order_lifecycle': m0007,
  '0010_account_security': m0010,
  '0020_catalogue_version': m0020,
  '0030_product_compare_at_price': m0030,
  '0040_delivery_methods': m0040,
  '0070_listing_drops': m0070,
  '0060_insights_indexes': m0060,
  '0050_mpesa_prompt': m0050,
  '0051_sms': m0051,
  '0080_manual_orders': m0080,
  '0090_price_offers': m0090,
  '0093_newsletter_double_opt_in': m0093,
  '0096_product_measurements': m0096,
  '0100_order_shipment': m0100,
  '0110_returns': m0110,
  '0120_order_sources': m0120,
  '0130_shopper_alerts': m0130,
  '0140_discount_codes': m0140,
  '0150_languages': m0150,
  '0160_push_notifications': m0160,
  '0170_catalogue_versions': m0170,
  '0180_demand_on_cancellation': m0180,
  '0190_arrivals': m0190,
};
