import { createHash, randomBytes } from 'node:crypto';
import type { Executor } from '../../db/database.js';
import { now } from '../../db/database.js';

/** A secret to hand out once; only its SHA-256 is stored. */
export function newSecret(prefix = ''): { plain: string; hash: string } {
  const plain = prefix + randomBytes(32).toString('base64url');
  return { plain, hash: hashSecret(plain) };
}

export function hashSecret(plain: string): string {
  return createHash('sha256').update(plain).digest('hex');
}

export interface AuthUser {
  id: number;
  name: string;
  email: string;
  is_admin: boolean;
  email_verified: boolean;
}

/** Bearer tokens: random, stored hashed, revocable. */
export function tokenRepository(db: Executor) {
  return {
    async issue(userId: number): Promise<{ token: string; id: number }> {
      const secret = newSecret('mt_');
      const row = await db
        .insertInto('auth_tokens')
        .values({ user_id: userId, token_hash: secret.hash, created_at: now() })
        .returning('id')
        .executeTakeFirstOrThrow();
      return { token: secret.plain, id: row.id };
    },

    /** The live token and its user, or undefined for an unknown or revoked token. */
    async authenticate(
      plain: string,
    ): Promise<{ tokenId: number; lastUsedAt: string | null; user: AuthUser } | undefined> {
      const row = await db
        .selectFrom('auth_tokens as t')
        .innerJoin('users as u', 'u.id', 't.user_id')
        .select([
          't.id as token_id',
          't.last_used_at',
          'u.id',
          'u.name',
          'u.email',
          'u.is_admin',
          'u.email_verified_at',
        ])
        .where('t.token_hash', '=', hashSecret(plain))
        .where('t.revoked_at', 'is', null)
        .executeTakeFirst();
      if (!row) return undefined;
      return {
        tokenId: row.token_id,
        lastUsedAt: row.last_used_at,
        user: {
          id: row.id,
          name: row.name,
          email: row.email,
          is_admin: row.is_admin === 1,
          email_verified: row.email_verified_at !== null,
        },
      };
    },

    async touch(tokenId: number): Promise<void> {
      await db.updateTable('auth_tokens').set({ last_used_at: now() }).where('id', '=', tokenId).execute();
    },

    async revoke(tokenId: number): Promise<void> {
      await db
        .updateTable('auth_tokens')
        .set({ revoked_at: now() })
        .where('id', '=', tokenId)
        .where('revoked_at', 'is', null)
        .execute();
    },

    /** ids of the user's live tokens (e.g. before the account and its tokens are deleted) */
    async liveIds(userId: number): Promise<number[]> {
      const rows = await db
        .selectFrom('auth_tokens')
        .select('id')
        .where('user_id', '=', userId)
        .where('revoked_at', 'is', null)
        .execute();
      return rows.map((r) => r.id);
    },

    /** Revokes every live token of the user, except `keepTokenId` when given; returns the revoked ids. */
    async revokeAllForUser(userId: number, keepTokenId?: number): Promise<number[]> {
      let q = db
        .updateTable('auth_tokens')
        .set({ revoked_at: now() })
        .where('user_id', '=', userId)
        .where('revoked_at', 'is', null);
      if (keepTokenId !== undefined) q = q.where('id', '!=', keepTokenId);
      const rows = await q.returning('id').execute();
      return rows.map((r) => r.id);
    },
  };
}
