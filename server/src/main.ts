import { buildApp } from './app.js';
import { loadConfigOrExit } from './config.js';
import { createDatabase } from './db/database.js';
import { migrateToLatest } from './db/migrate.js';
import { userRepository } from './modules/accounts/repository.js';
import { returningNotice } from './seed/accounts.js';
import { seedIfEmpty } from './seed/index.js';

async function main(): Promise<void> {
  const config = loadConfigOrExit();

  const db = createDatabase(config.database);
  // The database is closed after the app (below), not in an onClose hook: hooks added here would
  // run before the plugins' own (Fastify runs them last added first), and those still write:
  // the token uses gathered since the last write, a job finishing its round.
  const app = await buildApp({ config, db });

  const applied = await migrateToLatest(db);
  if (applied.length) app.log.info({ migrations: applied }, 'database migrated');
  const seeded = await seedIfEmpty(db, config, app.log);

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing requests in flight');
    const force = setTimeout(() => {
      app.log.error('shutdown took too long, exiting');
      process.exit(1);
    }, 15_000);
    force.unref();
    app
      .close()
      .then(() => db.destroy())
      .then(() => process.exit(0))
      .catch((err: unknown) => {
        app.log.error({ err }, 'error while shutting down');
        process.exit(1);
      });
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  app.log.info(`${config.shopName} is open at ${config.appUrl} (API docs: ${config.appUrl}/api/docs)`);
  if (!seeded.seeded) {
    const admins = await userRepository(db).admins();
    console.log(
      returningNotice(
        config,
        admins.map((a) => a.email),
      ),
    );
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
