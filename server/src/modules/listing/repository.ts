import type { Executor } from '../../db/database.js';

/** The drops and drop_recipients tables: one row per new-arrivals e-mail, one per address it went to. */
export function dropRepository(db: Executor) {
  return {
    async insert(createdAt: string, productIds: number[]): Promise<{ id: number }> {
      return db
        .insertInto('drops')
        .values({ created_at: createdAt, product_ids: JSON.stringify(productIds), recipient_count: 0 })
        .returning('id')
        .executeTakeFirstOrThrow();
    },

    /** Records the addresses for the drop; returns those not recorded before (each address once per drop). */
    async addRecipients(dropId: number, addresses: string[]): Promise<string[]> {
      const rows = await db
        .insertInto('drop_recipients')
        .values(addresses.map((email) => ({ drop_id: dropId, email })))
        .onConflict((oc) => oc.columns(['drop_id', 'email']).doNothing())
        .returning('email')
        .execute();
      return rows.map((r) => r.email);
    },

    async setRecipientCount(dropId: number, count: number): Promise<void> {
      await db.updateTable('drops').set({ recipient_count: count }).where('id', '=', dropId).execute();
    },
  };
}
