import type { Insertable } from 'kysely';
import { now, type Executor } from '../../db/database.js';
import type { Payment, PaymentsTable } from '../../db/schema.js';

/** Payments and provider notifications. Kysely only; `undefined` means not found. */
export function paymentRepository(db: Executor) {
  return {
    async insert(values: Insertable<PaymentsTable>): Promise<Payment> {
      return db.insertInto('payments').values(values).returningAll().executeTakeFirstOrThrow();
    },

    async findByReference(reference: string): Promise<Payment | undefined> {
      return db.selectFrom('payments').selectAll().where('reference', '=', reference).executeTakeFirst();
    },

    /** Every payment of an order, oldest first. */
    async listForOrder(orderId: number): Promise<Payment[]> {
      return db.selectFrom('payments').selectAll().where('order_id', '=', orderId).orderBy('id').execute();
    },

    async setCheckout(
      id: number,
      checkout: { checkout_url: string; provider_checkout_id: string | null },
    ): Promise<void> {
      await db
        .updateTable('payments')
        .set({ ...checkout, updated_at: now() })
        .where('id', '=', id)
        .execute();
    },

    /** pending or failed → paid; false when it was already paid (nothing changed). */
    async markPaid(id: number, details: { invoiceId?: string; method?: string; receipt?: string }): Promise<boolean> {
      const result = await db
        .updateTable('payments')
        .set((eb) => ({
          status: 'paid',
          provider_invoice_id: details.invoiceId ?? eb.ref('provider_invoice_id'),
          method: details.method ?? eb.ref('method'),
          receipt: details.receipt ?? eb.ref('receipt'),
          failure_reason: null,
          failure_code: null,
          next_poll_at: null,
          updated_at: now(),
        }))
        .where('id', '=', id)
        .where('status', '<>', 'paid')
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** pending → failed; false when it was not pending (a paid payment never becomes failed). */
    async markFailed(
      id: number,
      details: { reason: string; code?: string; invoiceId?: string; method?: string },
    ): Promise<boolean> {
      const result = await db
        .updateTable('payments')
        .set((eb) => ({
          status: 'failed',
          failure_reason: details.reason.slice(0, 500),
          failure_code: details.code?.slice(0, 40) ?? null,
          next_poll_at: null,
          provider_invoice_id: details.invoiceId ?? eb.ref('provider_invoice_id'),
          method: details.method ?? eb.ref('method'),
          updated_at: now(),
        }))
        .where('id', '=', id)
        .where('status', '=', 'pending')
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** A prompt the provider accepted: its invoice id, how long the phone shows it, when to poll first. */
    async startPrompt(
      id: number,
      prompt: { invoiceId: string | null; expiresAt: string; nextPollAt: string | null },
    ): Promise<void> {
      await db
        .updateTable('payments')
        .set((eb) => ({
          provider_invoice_id: prompt.invoiceId ?? eb.ref('provider_invoice_id'),
          prompt_expires_at: prompt.expiresAt,
          next_poll_at: prompt.nextPollAt,
          updated_at: now(),
        }))
        .where('id', '=', id)
        .where('status', '=', 'pending')
        .execute();
    },

    async countPrompts(orderId: number): Promise<number> {
      const row = await db
        .selectFrom('payments')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('order_id', '=', orderId)
        .where('kind', '=', 'mpesa_prompt')
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /** Whether a prompt newer than `paymentId` is still waiting for its answer. */
    async newerPendingPrompt(orderId: number, paymentId: number): Promise<boolean> {
      const row = await db
        .selectFrom('payments')
        .select('id')
        .where('order_id', '=', orderId)
        .where('kind', '=', 'mpesa_prompt')
        .where('status', '=', 'pending')
        .where('id', '>', paymentId)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** Pending prompts whose next status poll is due (indexed by next_poll_at), oldest first. */
    async duePolls(nowIso: string, limit: number) {
      return db
        .selectFrom('payments as p')
        .select([
          'p.id',
          'p.order_id',
          'p.reference',
          'p.provider',
          'p.provider_invoice_id',
          'p.next_poll_at',
          'p.poll_count',
          'p.created_at',
        ])
        .where('p.next_poll_at', '<=', nowIso)
        .where('p.status', '=', 'pending')
        .orderBy('p.next_poll_at')
        .orderBy('p.id')
        .limit(limit)
        .execute();
    },

    /**
     * Claims one due poll: moves next_poll_at on only if it is still what was read, so among
     * several instances exactly one asks the provider this time. False: another got it.
     */
    async claimPoll(id: number, seen: string, next: string | null): Promise<boolean> {
      const result = await db
        .updateTable('payments')
        .set((eb) => ({ next_poll_at: next, poll_count: eb('poll_count', '+', 1) }))
        .where('id', '=', id)
        .where('status', '=', 'pending')
        .where('next_poll_at', '=', seen)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** A payment the shop recorded itself for the order under this reference (an M-Pesa code). */
    async manualPaymentWithReference(orderId: number, code: string): Promise<boolean> {
      const row = await db
        .selectFrom('payments')
        .select('id')
        .where('order_id', '=', orderId)
        .where('provider', '=', 'manual')
        .where((eb) => eb(eb.fn('upper', ['provider_invoice_id']), '=', code.toUpperCase()))
        .executeTakeFirst();
      return row !== undefined;
    },

    /** Notes why a notification was refused, without changing the payment's status. */
    async noteProblem(id: number, reason: string): Promise<void> {
      await db
        .updateTable('payments')
        .set({ failure_reason: reason.slice(0, 500), updated_at: now() })
        .where('id', '=', id)
        .where('status', '<>', 'paid')
        .execute();
    },

    async notificationSeen(provider: string, eventKey: string): Promise<boolean> {
      const row = await db
        .selectFrom('payment_notifications')
        .select('id')
        .where('provider', '=', provider)
        .where('event_key', '=', eventKey)
        .executeTakeFirst();
      return row !== undefined;
    },

    /**
     * Records a notification once; false when (provider, event_key) was already recorded. On
     * PostgreSQL a concurrent twin waits for the first to commit and then inserts nothing.
     */
    async recordNotification(values: {
      provider: string;
      event_key: string;
      payment_id: number | null;
      state: string;
      payload: unknown;
    }): Promise<boolean> {
      const row = await db
        .insertInto('payment_notifications')
        .values({ ...values, payload: JSON.stringify(values.payload ?? null), created_at: now() })
        .onConflict((oc) => oc.columns(['provider', 'event_key']).doNothing())
        .returning('id')
        .executeTakeFirst();
      return row !== undefined;
    },
  };
}

export type PaymentRepository = ReturnType<typeof paymentRepository>;
