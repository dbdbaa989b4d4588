import type { Config } from '../../config.js';
import type { DropContext } from './drops.js';
import type { PublishContext } from './publishing.js';

/** The settings publishing and drop e-mails need, from the configuration. */
export function listingContext(config: Config): { publish: PublishContext; drop: DropContext } {
  const shop = { shopName: config.shopName, appUrl: config.appUrl };
  return {
    publish: { shop, dropQuietSeconds: config.listing.dropQuietSeconds },
    drop: { ...shop, linkSecret: config.listing.linkSecret },
  };
}
