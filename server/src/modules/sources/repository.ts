import type { Executor } from '../../db/database.js';

export function sourceVisitsRepository(db: Executor) {
  return {
    /** One more arrival from `source` on `day` (a Nairobi day). */
    async count(day: string, source: string): Promise<void> {
      await db
        .insertInto('source_visits')
        .values({ day, source, visits: 1 })
        .onConflict((oc) =>
          oc.columns(['day', 'source']).doUpdateSet((eb) => ({ visits: eb('source_visits.visits', '+', 1) })),
        )
        .execute();
    },
  };
}
