import type { Config } from '../config.js';
import type { PublishOptions } from '../modules/catalog/publishing.js';
import { listingContext } from '../modules/listing/context.js';
import { alertSavedSearches } from '../modules/saved-searches/service.js';

/**
 * Publishing a product by hand (the admin creates or edits it as published) spans two modules: the
 * catalogue puts it on sale, and the saved searches it fits are told (an alert row, an e-mail and a
 * live event per customer), in the same transaction. The catalogue is handed this at assembly and
 * never imports the saved searches; the scheduled publications of the listing job do the same in
 * `publishDueProducts`.
 */
export function productPublishing(config: Config): PublishOptions {
  const { publish } = listingContext(config);
  return {
    dropQuietSeconds: publish.dropQuietSeconds,
    whenPublished: (trx, productIds, at) => alertSavedSearches(trx, productIds, at, publish.shop),
  };
}
