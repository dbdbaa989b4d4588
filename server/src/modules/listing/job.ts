import type { FastifyPluginAsync } from 'fastify';
import { startRepeatingJob } from '../../lib/jobs.js';
import { sendNewArrivalDrop } from './drops.js';
import { listingContext } from './context.js';
import { publishDueProducts } from './publishing.js';

/**
 * Publishes scheduled products when their time comes, then sends the new-arrivals e-mail when a
 * drop is due; every instance may run it (docs/architecture.md section 16). Runs as often as the
 * reservation sweeper.
 */
const listingJob: FastifyPluginAsync = async (app) => {
  if (!app.jobsEnabled) return;
  const { publish, drop } = listingContext(app.config);
  let stop: (() => Promise<void>) | undefined;
  app.addHook('onReady', async () => {
    stop = startRepeatingJob(
      'publish-scheduled-products',
      app.config.orders.sweepIntervalSeconds * 1000,
      async () => {
        const at = new Date();
        await publishDueProducts(app.db, at, { context: publish, events: app.events });
        await sendNewArrivalDrop(app.db, at, drop);
      },
      app.log,
    );
  });
  app.addHook('onClose', async () => {
    await stop?.();
  });
};

export default listingJob;
