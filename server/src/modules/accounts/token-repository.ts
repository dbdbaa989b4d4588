import { sql, type AliasableExpression, type Expression } from 'kysely';
import { now, type Executor } from '../../db/database.js';
import { fixedQuery } from '../../db/fixed-query.js';
import {
  hashSecret,
  newSecret,
  sessionCutoffs,
  toAuthUser,
  type AuthUser,
  type SessionLifetime,
  type SessionRow,
  type SignInMethod,
} from './tokens.js';

/** A token not revoked, by its hash, with its user. */
const tokenQuery = (db: Executor, tokenHash: string) =>
  db
    .selectFrom('auth_tokens as t')
    .innerJoin('users as u', 'u.id', 't.user_id')
    .select([
      't.id as token_id',
      't.last_used_at',
      't.created_at as token_created_at',
      't.signed_in_with',
      'u.id',
      'u.name',
      'u.email',
      'u.is_admin',
      'u.email_verified_at',
      'u.pending_email',
      'u.language',
    ])
    .where('t.token_hash', '=', tokenHash)
    .where('t.revoked_at', 'is', null);

type LiveTokenRow = NonNullable<Awaited<ReturnType<ReturnType<typeof tokenQuery>['executeTakeFirst']>>>;

/** A live token: not revoked, signed in after `created` and last used (or signed in) after `used`. */
const liveToken = fixedQuery(
  (db, tokenHash: string, created: string, used: string) =>
    tokenQuery(db, tokenHash)
      .where('t.created_at', '>', created)
      .where((eb) => eb.fn.coalesce('t.last_used_at', 't.created_at'), '>', used),
  3,
);

/**
 * What a route reads along with the token check, in the same statement (on PostgreSQL each
 * statement is a round trip): an expression of the signed-in user's id. Keep one object per
 * read: its query is compiled once.
 */
export interface TokenCompanion<T> {
  select(db: Executor, userId: Expression<number>): AliasableExpression<T>;
}

const companionQueries = new WeakMap<
  TokenCompanion<unknown>,
  (db: Executor, tokenHash: string, created: string, used: string) => Promise<(LiveTokenRow & { along: unknown })[]>
>();

function liveTokenAlong<T>(along: TokenCompanion<T>) {
  let query = companionQueries.get(along);
  if (!query) {
    query = fixedQuery(
      (db, tokenHash: string, created: string, used: string) =>
        tokenQuery(db, tokenHash)
          .select(along.select(db, sql.ref<number>('u.id')).as('along'))
          .where('t.created_at', '>', created)
          .where((eb) => eb.fn.coalesce('t.last_used_at', 't.created_at'), '>', used),
      3,
    );
    companionQueries.set(along, query);
  }
  return query as (
    db: Executor,
    tokenHash: string,
    created: string,
    used: string,
  ) => Promise<(LiveTokenRow & { along: T })[]>;
}

/** A live token and its user, as `authenticate` gives them. */
export interface AuthenticatedToken {
  tokenId: number;
  lastUsedAt: string | null;
  createdAt: string;
  signedInWith: string | null;
  user: AuthUser;
}

const authenticated = (row: LiveTokenRow): AuthenticatedToken => ({
  tokenId: row.token_id,
  lastUsedAt: row.last_used_at,
  createdAt: row.token_created_at,
  signedInWith: row.signed_in_with,
  user: toAuthUser(row),
});

/** Bearer tokens: random, stored hashed, revocable, ending after an idle and an absolute lifetime. */
export function tokenRepository(db: Executor) {
  return {
    /** How and when the session was signed in (a recent Google sign-in stands in for a password). */
    origin(tokenId: number): Promise<{ signed_in_with: string | null; created_at: string } | undefined> {
      return db
        .selectFrom('auth_tokens')
        .select(['signed_in_with', 'created_at'])
        .where('id', '=', tokenId)
        .executeTakeFirst();
    },

    async issue(
      userId: number,
      session: { userAgent?: string | null; signedInWith?: SignInMethod } = {},
    ): Promise<{ token: string; id: number }> {
      const secret = newSecret('mt_');
      const row = await db
        .insertInto('auth_tokens')
        .values({
          user_id: userId,
          token_hash: secret.hash,
          created_at: now(),
          user_agent: session.userAgent ? session.userAgent.slice(0, 500) : null,
          signed_in_with: session.signedInWith ?? null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return { token: secret.plain, id: row.id };
    },

    /**
     * The live token and its user, or undefined for an unknown, revoked or expired token.
     * Without `lifetime` only revocation counts (for callers that checked expiry already).
     */
    async authenticate(plain: string, lifetime?: SessionLifetime): Promise<AuthenticatedToken | undefined> {
      let row: LiveTokenRow | undefined;
      if (lifetime) {
        // every signed-in request asks this: the query is compiled once (db/fixed-query.ts)
        const cutoff = sessionCutoffs(lifetime);
        [row] = await liveToken(db, hashSecret(plain), cutoff.created, cutoff.used);
      } else {
        row = await tokenQuery(db, hashSecret(plain)).executeTakeFirst();
      }
      return row && authenticated(row);
    },

    /** `authenticate` with the route's own read of the user's data in the same statement. */
    async authenticateAlong<T>(
      plain: string,
      lifetime: SessionLifetime,
      along: TokenCompanion<T>,
    ): Promise<(AuthenticatedToken & { along: T }) | undefined> {
      const cutoff = sessionCutoffs(lifetime);
      const [row] = await liveTokenAlong(along)(db, hashSecret(plain), cutoff.created, cutoff.used);
      return row && { ...authenticated(row), along: row.along };
    },

    /** Records the tokens' use now, in one statement however many they are. */
    async touch(tokenIds: number | readonly number[]): Promise<void> {
      const ids = typeof tokenIds === 'number' ? [tokenIds] : [...tokenIds];
      if (ids.length === 0) return;
      await db.updateTable('auth_tokens').set({ last_used_at: now() }).where('id', 'in', ids).execute();
    },

    async revoke(tokenId: number): Promise<void> {
      await db
        .updateTable('auth_tokens')
        .set({ revoked_at: now() })
        .where('id', '=', tokenId)
        .where('revoked_at', 'is', null)
        .execute();
    },

    /** The user's live sessions, most recently used first. */
    async listLive(userId: number, lifetime: SessionLifetime): Promise<SessionRow[]> {
      const cutoff = sessionCutoffs(lifetime);
      const rows = await db
        .selectFrom('auth_tokens')
        .select(['id', 'user_agent', 'signed_in_with', 'created_at', 'last_used_at'])
        .where('user_id', '=', userId)
        .where('revoked_at', 'is', null)
        .where('created_at', '>', cutoff.created)
        .where((eb) => eb.fn.coalesce('last_used_at', 'created_at'), '>', cutoff.used)
        .execute();
      const lastUse = (r: SessionRow) => r.last_used_at ?? r.created_at;
      return rows.sort((a, b) => lastUse(b).localeCompare(lastUse(a)) || b.id - a.id);
    },

    /** Revokes one live token of the user; false when it is not theirs or already revoked. */
    async revokeOwn(userId: number, tokenId: number): Promise<boolean> {
      const result = await db
        .updateTable('auth_tokens')
        .set({ revoked_at: now() })
        .where('id', '=', tokenId)
        .where('user_id', '=', userId)
        .where('revoked_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
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
