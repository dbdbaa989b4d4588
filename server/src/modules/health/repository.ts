import { sql } from 'kysely';
import type { Db } from '../../db/database.js';

/** Throws when the database does not answer a trivial query. */
export async function pingDatabase(db: Db): Promise<void> {
  await sql`select 1`.execute(db);
}
