import { pino } from 'pino';
import { loadConfigOrExit } from '../config.js';
import { createDatabase } from '../db/database.js';
import { migrateToLatest } from '../db/migrate.js';
import { seedIfEmpty } from './index.js';

// `npm run seed`: migrate, then seed the demo shop when the database is empty (as `npm start` does).
async function main(): Promise<number> {
  const config = loadConfigOrExit();
  const db = createDatabase(config.database);
  try {
    await migrateToLatest(db);
    const result = await seedIfEmpty(db, config, pino({ level: config.logLevel }));
    if (!result.seeded) {
      console.log(
        'The database already has accounts or products: nothing was seeded (seeding only fills an empty database).',
      );
    }
    return 0;
  } finally {
    await db.destroy();
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
