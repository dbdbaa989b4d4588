import type { FastifyPluginAsync } from 'fastify';
import { startRepeatingJob } from '../../lib/jobs.js';
import { shopContext } from './emails.js';
import { expireUnpaidOrders } from './sweeper.js';

/** Runs the reservation sweeper in the background when the app runs its jobs. */
const sweeperJob: FastifyPluginAsync = async (app) => {
  if (!app.jobsEnabled) return;
  const { config } = app;
  const shop = shopContext(config);
  let stop: (() => Promise<void>) | undefined;
  app.addHook('onReady', async () => {
    stop = startRepeatingJob(
      'expire-unpaid-orders',
      config.orders.sweepIntervalSeconds * 1000,
      () => expireUnpaidOrders(app.db, new Date(), { shop, events: app.events }),
      app.log,
    );
  });
  app.addHook('onClose', async () => {
    await stop?.();
  });
};

export default sweeperJob;
