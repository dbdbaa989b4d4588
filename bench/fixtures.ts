import { randomBytes } from 'node:crypto';
import type { Db } from '../server/src/db/database.js';
import { tokenRepository } from '../server/src/modules/accounts/token-repository.js';

/** A customer created straight in the database, signed in (no password: benchmarks use the token). */
export async function createUser(db: Db, options: { verified?: boolean } = {}): Promise<{ id: number; token: string }> {
  const at = new Date().toISOString();
  const row = await db
    .insertInto('users')
    .values({
      name: 'Bench Shopper',
      email: `bench-${randomBytes(6).toString('hex')}@example.com`,
      password_hash: null,
      is_admin: 0,
      email_verified_at: options.verified ? at : null,
      google_sub: null,
      created_at: at,
      updated_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const { token } = await tokenRepository(db).issue(row.id);
  return { id: row.id, token };
}
