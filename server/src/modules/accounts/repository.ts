import { sql } from 'kysely';
import type { Executor } from '../../db/database.js';
import { now } from '../../db/database.js';
import type { NewUser, User, UserUpdate } from '../../db/schema.js';
import { hashSecret, newSecret } from './tokens.js';

export type OneTimePurpose =
  'verify_email' | 'reset_password' | 'cancel_email_change' | 'delete_account' | 'claim_account';

export function userRepository(db: Executor) {
  return {
    /** The shop's admins, oldest first. */
    admins(): Promise<Pick<User, 'id' | 'email' | 'name' | 'created_at' | 'password_hash'>[]> {
      return db
        .selectFrom('users')
        .select(['id', 'email', 'name', 'created_at', 'password_hash'])
        .where('is_admin', '=', 1)
        .orderBy('id')
        .execute();
    },

    /** Verified customers who opted in to the new-arrivals e-mail. */
    async newArrivalsAddresses(): Promise<string[]> {
      const rows = await db
        .selectFrom('users')
        .select('email')
        .where('new_arrivals_emails', '=', 1)
        .where('email_verified_at', 'is not', null)
        .execute();
      return rows.map((r) => r.email);
    },

    /** The addresses of accounts whose language is not English, with it (lower case). */
    async addressLanguages(): Promise<Map<string, string>> {
      const rows = await db.selectFrom('users').select(['email', 'language']).where('language', '<>', 'en').execute();
      return new Map(rows.map((r) => [r.email.toLowerCase(), r.language]));
    },

    async newArrivalsByAddress(address: string): Promise<boolean> {
      const row = await db
        .selectFrom('users')
        .select('id')
        .where('email', '=', address)
        .where('new_arrivals_emails', '=', 1)
        .executeTakeFirst();
      return row !== undefined;
    },

    async stopNewArrivalsByAddress(address: string, at: string): Promise<void> {
      await db
        .updateTable('users')
        .set({ new_arrivals_emails: 0, updated_at: at })
        .where('email', '=', address)
        .where('new_arrivals_emails', '=', 1)
        .execute();
    },

    async setDefaultPhone(id: number, phone: string | null, at: string): Promise<void> {
      await db.updateTable('users').set({ default_phone: phone, updated_at: at }).where('id', '=', id).execute();
    },

    async setLanguage(id: number, language: string, at: string): Promise<void> {
      await db.updateTable('users').set({ language, updated_at: at }).where('id', '=', id).execute();
    },

    async markPhoneVerified(id: number, at: string): Promise<void> {
      await db.updateTable('users').set({ phone_verified_at: at }).where('id', '=', id).execute();
    },

    async newArrivalsEmails(id: number): Promise<boolean> {
      const row = await db
        .selectFrom('users')
        .select('new_arrivals_emails')
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      return row.new_arrivals_emails === 1;
    },

    async setNewArrivalsEmails(id: number, on: boolean): Promise<void> {
      await db
        .updateTable('users')
        .set({ new_arrivals_emails: on ? 1 : 0 })
        .where('id', '=', id)
        .execute();
    },

    findById(id: number): Promise<User | undefined> {
      return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /** `email` must already be lower-cased: e-mails are stored that way. */
    findByEmail(email: string): Promise<User | undefined> {
      return db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
    },

    findByGoogleSub(sub: string): Promise<User | undefined> {
      return db.selectFrom('users').selectAll().where('google_sub', '=', sub).executeTakeFirst();
    },

    create(values: Omit<NewUser, 'created_at' | 'updated_at'>): Promise<User> {
      const at = now();
      return db
        .insertInto('users')
        .values({ ...values, created_at: at, updated_at: at })
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    update(id: number, values: Omit<UserUpdate, 'id' | 'created_at' | 'updated_at'>): Promise<User | undefined> {
      return db
        .updateTable('users')
        .set({ ...values, updated_at: now() })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirst();
    },

    async delete(id: number): Promise<boolean> {
      const result = await db.deleteFrom('users').where('id', '=', id).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    /** ids of the products the user reviewed, so their ratings can be recomputed */
    async reviewedProductIds(userId: number): Promise<number[]> {
      const rows = await db.selectFrom('reviews').select('product_id').where('user_id', '=', userId).execute();
      return [...new Set(rows.map((r) => r.product_id))];
    },

    /**
     * Orders stay for the shop's books; what locates the person does not: the phone number, the
     * delivery address, landmark, town and pickup office (the method, zone and fee stay), and the
     * phone an M-Pesa prompt went to.
     */
    async scrubOrders(userId: number): Promise<void> {
      await db.updateTable('orders').set({ shipping_phone: null }).where('user_id', '=', userId).execute();
      const orders = await db
        .selectFrom('orders')
        .select(['id', 'delivery_details'])
        .where('user_id', '=', userId)
        .where('delivery_details', 'is not', null)
        .execute();
      for (const order of orders) {
        await db
          .updateTable('orders')
          .set({ delivery_details: scrubDeliveryDetails(order.delivery_details) })
          .where('id', '=', order.id)
          .execute();
      }
      await db
        .updateTable('payments')
        .set({ phone: null })
        .where('order_id', 'in', db.selectFrom('orders').select('id').where('user_id', '=', userId))
        .execute();
    },
  };
}

/** The delivery fields that say where the person is: emptied when their account is deleted. */
const DELIVERY_FIELDS_SCRUBBED = ['address', 'landmark', 'town', 'pickup_office'];

/** An order's delivery copy without the person's whereabouts (null when it cannot be read). */
export function scrubDeliveryDetails(json: string | null): string | null {
  if (!json) return null;
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    return null;
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) return null;
  const kept: Record<string, unknown> = { ...(value as Record<string, unknown>) };
  for (const field of DELIVERY_FIELDS_SCRUBBED) if (field in kept) kept[field] = null;
  return JSON.stringify(kept);
}

/**
 * The fields of a payment notification kept after the payer deleted their account: what the
 * shop's books need (amounts, state, references, the M-Pesa receipt code). Everything else
 * (phone number, name, e-mail, card details) goes.
 */
const PAYMENT_FIELDS_KEPT = new Set([
  'invoice_id',
  'state',
  'provider',
  'charges',
  'net_amount',
  'currency',
  'value',
  'amount',
  'api_ref',
  'reference',
  'mpesa_reference',
  'failed_reason',
  'failed_code',
  'created_at',
  'updated_at',
]);

/** A notification payload with only the kept scalar fields (see PAYMENT_FIELDS_KEPT). */
export function scrubPaymentPayload(payload: unknown): Record<string, unknown> | null {
  if (!payload || typeof payload !== 'object' || Array.isArray(payload)) return null;
  const kept: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(payload)) {
    if (!PAYMENT_FIELDS_KEPT.has(key)) continue;
    if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) kept[key] = value;
  }
  return kept;
}

function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * Before an account is deleted: removes the person's data from the places it was copied to.
 * Payment notifications of their orders keep only the bookkeeping fields; the mail outbox loses
 * unsent mail to them, and the address and body of sent mail to them or naming their address;
 * their newsletter subscription ends.
 */
export async function scrubPersonalCopies(db: Executor, user: Pick<User, 'id' | 'email' | 'pending_email'>) {
  const notifications = await db
    .selectFrom('payment_notifications as n')
    .innerJoin('payments as p', 'p.id', 'n.payment_id')
    .innerJoin('orders as o', 'o.id', 'p.order_id')
    .select(['n.id', 'n.payload'])
    .where('o.user_id', '=', user.id)
    .execute();
  for (const n of notifications) {
    let parsed: unknown = null;
    try {
      parsed = JSON.parse(n.payload);
    } catch {
      parsed = null;
    }
    await db
      .updateTable('payment_notifications')
      .set({ payload: JSON.stringify(scrubPaymentPayload(parsed)) })
      .where('id', '=', n.id)
      .execute();
  }

  const addresses = [user.email, ...(user.pending_email ? [user.pending_email] : [])];
  await db.deleteFrom('mail_outbox').where('to_address', 'in', addresses).where('status', '!=', 'sent').execute();
  await db
    .updateTable('mail_outbox')
    .set({ to_address: '', html: '', text: '', last_error: null })
    .where('to_address', 'in', addresses)
    .where('status', '=', 'sent')
    .execute();
  for (const address of addresses) {
    await db
      .updateTable('mail_outbox')
      .set({ html: '', text: '' })
      .where('status', '=', 'sent')
      .where(sql<boolean>`${sql.ref('text')} like ${likePattern(address)} escape '\\'`)
      .execute();
  }
  await db.deleteFrom('newsletter_subscribers').where('email', 'in', addresses).execute();
}

/** Single-use secrets sent by e-mail (verification, password reset); only a hash is stored. */
export function oneTimeTokenRepository(db: Executor) {
  return {
    async issue(userId: number, purpose: OneTimePurpose, email: string, ttlMs: number): Promise<string> {
      const secret = newSecret();
      const at = new Date();
      await db
        .insertInto('one_time_tokens')
        .values({
          user_id: userId,
          purpose,
          token_hash: secret.hash,
          email,
          expires_at: new Date(at.getTime() + ttlMs).toISOString(),
          used_at: null,
          created_at: at.toISOString(),
        })
        .execute();
      return secret.plain;
    },

    /** The unused, unexpired token of that purpose, or undefined. */
    findUsable(plain: string, purpose: OneTimePurpose) {
      return db
        .selectFrom('one_time_tokens')
        .select(['id', 'user_id', 'email'])
        .where('token_hash', '=', hashSecret(plain))
        .where('purpose', '=', purpose)
        .where('used_at', 'is', null)
        .where('expires_at', '>', now())
        .executeTakeFirst();
    },

    /** The token of that purpose whether used or expired (to tell the two apart), or undefined. */
    findAny(plain: string, purpose: OneTimePurpose) {
      return db
        .selectFrom('one_time_tokens')
        .select(['id', 'user_id', 'email', 'used_at', 'expires_at'])
        .where('token_hash', '=', hashSecret(plain))
        .where('purpose', '=', purpose)
        .executeTakeFirst();
    },

    /** Marks the token used; false when another request used it first. */
    async consume(id: number): Promise<boolean> {
      const result = await db
        .updateTable('one_time_tokens')
        .set({ used_at: now() })
        .where('id', '=', id)
        .where('used_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** Spends every outstanding token of that purpose (e.g. reset links once the password changed). */
    async consumeAll(userId: number, purpose: OneTimePurpose): Promise<void> {
      await db
        .updateTable('one_time_tokens')
        .set({ used_at: now() })
        .where('user_id', '=', userId)
        .where('purpose', '=', purpose)
        .where('used_at', 'is', null)
        .execute();
    },
  };
}
