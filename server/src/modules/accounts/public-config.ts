import type { Config } from '../../config.js';

/** GET /api/config's reply: what the web app (and the server rendering of the storefront) needs to know. */
export function publicConfigReply(config: Config) {
  return {
    google_client_id: config.google.clientId ?? null,
    google_enabled: Boolean(config.google.clientId),
    shop_name: config.shopName,
    payment_provider: config.payments.provider,
    pusher_key: config.pusher.enabled ? config.pusher.key : null,
    shop_email: config.mail.shopEmail,
    shop_address: config.shopProfile.address,
    shop_phone: config.shopProfile.phone,
    shop_whatsapp: config.shopProfile.whatsapp,
    shop_hours: config.shopProfile.hours,
    shop_returns_policy: config.shopProfile.returnsPolicy,
  };
}
