import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { startRepeatingJob } from '../lib/jobs.js';
import { createBackup, newestBackupAt, pruneBackups } from './backup.js';

/**
 * Scheduled backups (BACKUP_INTERVAL_HOURS > 0, SQLite only, which also means one instance):
 * every interval, and at start when the newest archive in BACKUP_DIR is older than that, so
 * restarts never postpone a backup. Keeps the newest BACKUP_KEEP archives.
 */
const scheduledBackups: FastifyPluginAsync = async (app) => {
  const { config } = app;
  const hours = config.backup.intervalHours;
  if (!app.jobsEnabled || hours <= 0 || config.database.kind !== 'sqlite') return;
  const intervalMs = hours * 60 * 60 * 1000;

  let running: Promise<void> | undefined;
  const backUp = () => {
    running ??= (async () => {
      try {
        const result = await createBackup(config);
        const removed = await pruneBackups(config.backup.dir, config.backup.keep);
        app.log.info(
          { file: result.file, bytes: result.bytes, files: result.manifest.files.length, removed: removed.length },
          'backup written',
        );
      } catch (err) {
        app.log.error({ err }, 'scheduled backup failed');
      } finally {
        running = undefined;
      }
    })();
    return running;
  };

  let stop: (() => Promise<void>) | undefined;
  app.addHook('onReady', async () => {
    stop = startRepeatingJob('backup', intervalMs, backUp, app.log);
    const newest = await newestBackupAt(config.backup.dir);
    if (!newest || Date.now() - newest.getTime() >= intervalMs) void backUp();
  });
  app.addHook('onClose', async () => {
    await stop?.();
    await running;
  });
};

export default fp(scheduledBackups, { name: 'scheduled-backups', dependencies: ['db'] });
