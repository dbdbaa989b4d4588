import fp from 'fastify-plugin';
import { startRepeatingJob } from '../../lib/jobs.js';
import { africasTalking } from './transport.js';
import { deliverDueSms, type SmsDeliveryResult } from './worker.js';

declare module 'fastify' {
  interface FastifyInstance {
    sms: {
      /** false without AT_API_KEY/AT_USERNAME: nothing is queued and no SMS screen shows */
      enabled: boolean;
      /** sends what is due now; the background job calls it, tests call it by hand */
      deliverDue(options?: { now?: Date }): Promise<SmsDeliveryResult>;
    };
  }
}

/** Delivers the SMS outbox through Africa's Talking when it is configured (docs/architecture.md section 7). */
export default fp(
  async (app) => {
    const settings = app.config.sms;
    const send = settings ? africasTalking(settings) : undefined;
    const deliverDue = async (options?: { now?: Date }) =>
      send ? deliverDueSms(app.db, send, app.log, options) : { sent: 0, retrying: 0, failed: 0 };
    app.decorate('sms', { enabled: send !== undefined, deliverDue });

    let stop: (() => Promise<void>) | undefined;
    if (app.jobsEnabled && send) {
      app.addHook('onReady', async () => {
        stop = startRepeatingJob('sms-outbox', app.config.mail.pollIntervalMs, () => deliverDue(), app.log);
      });
    }
    app.addHook('onClose', async () => {
      await stop?.();
    });
  },
  { name: 'sms', dependencies: ['db'] },
);
