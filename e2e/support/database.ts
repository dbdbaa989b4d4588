import path from 'node:path';
import Database from 'better-sqlite3';

/**
 * One statement on the shop's own SQLite file (the journeys' server runs on SQLite in a fresh
 * data directory): for the few states the shop itself would take days to reach, such as an order
 * delivered longer ago than the returns window.
 */
export function runOnShopDatabase(statement: string, ...params: (string | number)[]): void {
  const dir = process.env.E2E_DATA_DIR;
  if (!dir) throw new Error('E2E_DATA_DIR is not set: run the journeys through playwright (global-setup.ts)');
  const db = new Database(path.join(dir, 'mtumba.db'));
  try {
    db.pragma('busy_timeout = 5000');
    db.prepare(statement).run(...params);
  } finally {
    db.close();
  }
}
