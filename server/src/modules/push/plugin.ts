import fp from 'fastify-plugin';
import { startRepeatingJob } from '../../lib/jobs.js';
import type { DeliveryResult } from '../../lib/outbox-delivery.js';
import { vapidKeys } from './keys.js';
import { deliverDuePush } from './worker.js';

declare module 'fastify' {
  interface FastifyInstance {
    push: {
      /** the VAPID public key browsers subscribe with (base64url) */
      publicKey: string;
      /** sends what is due now; the background job calls it, tests call it by hand */
      deliverDue(options?: { now?: Date }): Promise<DeliveryResult>;
    };
  }
}

/** Delivers the push outbox to the browsers' push services (docs/architecture.md, Push notifications). */
export default fp(
  async (app) => {
    const vapid = vapidKeys(app.config, app.log);
    const deliverDue = (options?: { now?: Date }) => deliverDuePush(app.db, vapid, app.log, options);
    app.decorate('push', { publicKey: vapid.publicKey, deliverDue });

    let stop: (() => Promise<void>) | undefined;
    if (app.jobsEnabled) {
      app.addHook('onReady', async () => {
        stop = startRepeatingJob('push-outbox', app.config.mail.pollIntervalMs, () => deliverDue(), app.log);
      });
    }
    app.addHook('onClose', async () => {
      await stop?.();
    });
  },
  { name: 'push', dependencies: ['db'] },
);
