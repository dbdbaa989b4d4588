import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { dialectOf, type Db } from '../../db/database.js';

/** The little the live-update server asks of the database. */
export function realtimeRepository(db: Db) {
  return {
    /** Whether the user is an admin; undefined when the account is gone. */
    async isAdmin(userId: number): Promise<boolean | undefined> {
      const row = await db.selectFrom('users').select('is_admin').where('id', '=', userId).executeTakeFirst();
      return row ? row.is_admin === 1 : undefined;
    },

    /** Whether the token still works (not revoked, not deleted with its account). */
    async isTokenLive(tokenId: number): Promise<boolean> {
      const row = await db
        .selectFrom('auth_tokens')
        .select('id')
        .where('id', '=', tokenId)
        .where('revoked_at', 'is', null)
        .executeTakeFirst();
      return row !== undefined;
    },

    /**
     * A short name for the database these instances share. Socket.IO's Redis channels are named
     * after it, so shops (or test runs) on different databases never see each other's events
     * even when they share one Redis, while every instance of one shop does.
     */
    async identity(sqliteFile?: string): Promise<string> {
      if (dialectOf(db) === 'postgres') {
        const { rows } = await sql<{ database: string; schema: string | null }>`
          select current_database() as database, current_schema() as schema
        `.execute(db);
        const row = rows[0];
        return `${row?.database ?? 'postgres'}.${row?.schema ?? 'public'}`;
      }
      return `sqlite.${createHash('sha256')
        .update(sqliteFile ?? '')
        .digest('hex')
        .slice(0, 12)}`;
    },
  };
}
