import type { Config } from '../../config.js';
import type { AlertContext } from './service.js';

/** The settings the alert e-mails need, from the configuration. */
export function alertContext(config: Config): AlertContext {
  return {
    shopName: config.shopName,
    appUrl: config.appUrl,
    linkSecret: config.listing.linkSecret,
    cartReminderHours: config.alerts.cartReminderHours,
  };
}
