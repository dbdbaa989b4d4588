import { createHash, randomBytes } from 'node:crypto';
import type { User } from '../../db/schema.js';
import type { AuthUser } from '../../lib/auth-user.js';
import { asLanguage } from '../../lib/language.js';

/** A secret to hand out once; only its SHA-256 is stored. */
export function newSecret(prefix = ''): { plain: string; hash: string } {
  const plain = prefix + randomBytes(32).toString('base64url');
  return { plain, hash: hashSecret(plain) };
}

export function hashSecret(plain: string): string {
  return createHash('sha256').update(plain).digest('hex');
}

export type { AuthUser } from '../../lib/auth-user.js';

/** The signed-in user as the app passes it around, from their users row. */
export function toAuthUser(
  row: Pick<User, 'id' | 'name' | 'email' | 'is_admin' | 'email_verified_at' | 'pending_email' | 'language'>,
): AuthUser {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    is_admin: row.is_admin === 1,
    email_verified: row.email_verified_at !== null,
    pending_email: row.pending_email,
    language: asLanguage(row.language),
  };
}

export type SignInMethod = 'password' | 'google' | 'register' | 'reset';

/** How long a session lives: `idleDays` without use, `maxDays` after sign-in at most. */
export interface SessionLifetime {
  idleDays: number;
  maxDays: number;
}

const DAY_MS = 24 * 60 * 60_000;

/** The oldest `created_at` and `last used` a live session may have at `at`. */
export function sessionCutoffs(lifetime: SessionLifetime, at = Date.now()): { created: string; used: string } {
  return {
    created: new Date(at - lifetime.maxDays * DAY_MS).toISOString(),
    used: new Date(at - lifetime.idleDays * DAY_MS).toISOString(),
  };
}

export interface SessionRow {
  id: number;
  user_agent: string | null;
  signed_in_with: string | null;
  created_at: string;
  last_used_at: string | null;
}
