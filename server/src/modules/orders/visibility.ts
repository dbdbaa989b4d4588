import type { ExpressionBuilder } from 'kysely';
import type { DB } from '../../db/schema.js';

/**
 * Which orders a customer's own calls see: all their online orders, and the orders the shop made
 * for them (manual orders, `sales_channel` set) only once the account's e-mail address is
 * verified, or on an account the shop made itself (no password: nobody signs in to it before
 * "Forgot password" verifies the address). Someone who registered a buyer's address without proving it is theirs must not see
 * (or cancel, or pay-on-delivery) the order the shop took for that buyer, nor its phone number.
 */
export function visibleToCustomer(eb: ExpressionBuilder<DB, 'orders'>) {
  return eb.or([
    eb('orders.sales_channel', 'is', null),
    eb.exists(
      eb
        .selectFrom('users as owner')
        .select('owner.id')
        .whereRef('owner.id', '=', 'orders.user_id')
        .where((owner) =>
          owner.or([owner('owner.email_verified_at', 'is not', null), owner('owner.password_hash', 'is', null)]),
        ),
    ),
  ]);
}

/**
 * The customer's name as the shop may write it in its own texts (WhatsApp, e-mail, the pay-link
 * page): a name the shop typed (an account the shop made, no password) or one of an account that
 * proved its address. A name chosen by whoever registered an address without proving it is not
 * used: it could be anyone's words. null: write no name.
 */
export function nameTheShopMayUse(user: {
  name: string;
  email_verified_at: string | null;
  password_hash: string | null;
}): string | null {
  return user.email_verified_at !== null || user.password_hash === null ? user.name : null;
}
