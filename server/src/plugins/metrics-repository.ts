import type { Db } from '../db/database.js';
import { mailOutboxRepository } from '../modules/mail/outbox-repository.js';

/** The counts the metrics endpoint reports on each scrape: outbox messages and payments by status. */
export async function statusCounts(db: Db): Promise<{
  outbox: { status: string; n: number }[];
  payments: { status: string; n: number }[];
}> {
  const [outbox, payments] = await Promise.all([
    mailOutboxRepository(db).countByStatus(),
    db
      .selectFrom('payments')
      .select(['status', (eb) => eb.fn.countAll<number>().as('n')])
      .groupBy('status')
      .execute(),
  ]);
  return { outbox, payments };
}
