import type { FastifyPluginAsync } from 'fastify';
import { startRepeatingJob } from '../../lib/jobs.js';
import { alertContext } from './context.js';
import { sendShopperAlerts } from './service.js';

/**
 * Sends the shopper alerts (price drops, back on sale, cart reminders) as often as the
 * reservation sweeper runs; every instance may run it (each alert is claimed before it is sent).
 */
const alertsJob: FastifyPluginAsync = async (app) => {
  if (!app.jobsEnabled) return;
  const context = alertContext(app.config);
  let stop: (() => Promise<void>) | undefined;
  app.addHook('onReady', async () => {
    stop = startRepeatingJob(
      'shopper-alerts',
      app.config.orders.sweepIntervalSeconds * 1000,
      () => sendShopperAlerts(app.db, new Date(), context),
      app.log,
    );
  });
  app.addHook('onClose', async () => {
    await stop?.();
  });
};

export default alertsJob;
