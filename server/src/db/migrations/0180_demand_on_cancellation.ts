import { sql, type Kysely } from 'kysely';
import { dialectOf } from '../database.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run against a schema that is being built
type AnyDb = Kysely<any>;

/**
 * The demand version (migration 0170) is raised by an order's status only when the order enters
 * or leaves `cancelled`: trending counts every order that is not cancelled, so a payment
 * (pending to processing), a shipment or a delivery changes no ranking. Until now each of them
 * raised it, and during a sale every payment dropped the kept trending list and home page and had
 * them ranked and drawn again, as many times a second as orders were paid.
 */

const NAME = 'catalogue_bump_orders_update';
const EVENT = 'after update of order_status on orders';
const CANCELLED_CHANGED = `(old.order_status = 'cancelled') is not (new.order_status = 'cancelled')`;
const PG_CANCELLED_CHANGED = `(old.order_status = 'cancelled') is distinct from (new.order_status = 'cancelled')`;

async function write(db: AnyDb, onlyCancellation: boolean): Promise<void> {
  if (dialectOf(db) === 'postgres') {
    await sql.raw(`drop trigger if exists ${NAME} on orders`).execute(db);
    await sql
      .raw(
        `create constraint trigger ${NAME} ${EVENT}
          deferrable initially deferred for each row
          ${onlyCancellation ? `when (${PG_CANCELLED_CHANGED})` : ''}
          execute function catalogue_bump_demand()`,
      )
      .execute(db);
    return;
  }
  await sql.raw(`drop trigger if exists ${NAME}`).execute(db);
  await sql
    .raw(
      `create trigger ${NAME} ${EVENT} ${onlyCancellation ? `when ${CANCELLED_CHANGED}` : ''} begin
        update catalogue_state set demand_version = demand_version + 1 where id = 1;
      end`,
    )
    .execute(db);
}

export async function up(db: AnyDb): Promise<void> {
  await write(db, true);
}

export async function down(db: AnyDb): Promise<void> {
  await write(db, false);
}
