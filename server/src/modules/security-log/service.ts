import type { Executor } from '../../db/database.js';
import { securityLogRepository } from './repository.js';

/** What the security log records (see docs/security.md). */
export type SecurityEventKind =
  | 'sign_in'
  | 'sign_in_failed'
  | 'signed_out'
  | 'password_changed'
  | 'password_reset'
  | 'email_change_requested'
  | 'email_changed'
  | 'email_change_cancelled'
  | 'session_revoked'
  | 'sessions_revoked'
  | 'admin_order_changed'
  | 'account_created_by_shop'
  | 'account_claimed'
  | 'account_deletion_requested'
  | 'admin_product_created'
  | 'admin_product_updated'
  | 'admin_product_deleted';

export interface SecurityEvent {
  /** whose account the event concerns; for a catalogue change, the admin who made it */
  userId: number | null;
  /** who did it when that is someone else than the owner (an admin), else null */
  actorId?: number | null;
  kind: SecurityEventKind;
  /** a few facts for the reader; never a password, token or link */
  detail?: Record<string, string | number | boolean | null>;
  ip?: string | null;
}

export interface SecurityEventView {
  id: number;
  kind: string;
  actor_id: number | null;
  detail: Record<string, unknown>;
  ip: string | null;
  created_at: string;
}

/**
 * Appends one event to the security log. Pass the transaction of the change it records, so the
 * entry exists exactly when the change does.
 */
export async function recordSecurityEvent(db: Executor, event: SecurityEvent): Promise<void> {
  await securityLogRepository(db).append({
    user_id: event.userId,
    actor_id: event.actorId ?? null,
    kind: event.kind,
    detail: event.detail ? JSON.stringify(event.detail) : null,
    ip: event.ip ? event.ip.slice(0, 100) : null,
  });
}

/** One account's events, newest first, a page at a time. */
export async function listSecurityEvents(
  db: Executor,
  userId: number,
  paging: { page: number; perPage: number },
): Promise<{ events: SecurityEventView[]; total: number }> {
  const { rows, total } = await securityLogRepository(db).pageForUser(userId, paging);
  return {
    total,
    events: rows.map((r) => ({
      id: r.id,
      kind: r.kind,
      actor_id: r.actor_id,
      detail: r.detail ? (JSON.parse(r.detail) as Record<string, unknown>) : {},
      ip: r.ip,
      created_at: r.created_at,
    })),
  };
}
