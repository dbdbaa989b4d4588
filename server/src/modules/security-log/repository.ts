import { now, type Executor } from '../../db/database.js';

/** The security_events table: written by appending only, read one account at a time. */
export function securityLogRepository(db: Executor) {
  return {
    async append(event: {
      user_id: number | null;
      actor_id: number | null;
      kind: string;
      detail: string | null;
      ip: string | null;
    }): Promise<void> {
      await db
        .insertInto('security_events')
        .values({ ...event, created_at: now() })
        .execute();
    },

    async pageForUser(userId: number, paging: { page: number; perPage: number }) {
      const [rows, count] = await Promise.all([
        db
          .selectFrom('security_events')
          .select(['id', 'kind', 'actor_id', 'detail', 'ip', 'created_at'])
          .where('user_id', '=', userId)
          .orderBy('id', 'desc')
          .limit(paging.perPage)
          .offset((paging.page - 1) * paging.perPage)
          .execute(),
        db
          .selectFrom('security_events')
          .select((eb) => eb.fn.countAll<string | number>().as('n'))
          .where('user_id', '=', userId)
          .executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(count.n) };
    },
  };
}
