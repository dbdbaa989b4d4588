import fp from 'fastify-plugin';
import { startRepeatingJob } from '../../lib/jobs.js';
import { createMailTransport, type MailTransport } from './transport.js';
import type { DeliveryOptions, DeliveryResult } from '../../lib/outbox-delivery.js';
import { deliverDueMail } from './worker.js';

declare module 'fastify' {
  interface FastifyInstance {
    mail: {
      transport: MailTransport;
      /** sends what is due now; the background job calls it, tests call it by hand */
      deliverDue(options?: DeliveryOptions): Promise<DeliveryResult>;
    };
  }
}

/** Delivers the mail outbox (docs/architecture.md section 7). */
export default fp(
  async (app) => {
    const transport = createMailTransport(app.config, app.log);
    const deliverDue = (options?: DeliveryOptions) => deliverDueMail(app.db, transport, app.log, options);
    app.decorate('mail', { transport, deliverDue });

    let stop: (() => Promise<void>) | undefined;
    if (app.jobsEnabled) {
      app.addHook('onReady', async () => {
        stop = startRepeatingJob('mail-outbox', app.config.mail.pollIntervalMs, () => deliverDue(), app.log);
      });
    }
    app.addHook('onClose', async () => {
      await stop?.();
      await transport.close();
    });
  },
  { name: 'mail', dependencies: ['db'] },
);
