import { markPhoneVerified } from '../modules/accounts/flags.js';

/**
 * Confirming a phone by the code texted to it spans two modules: the SMS module marks the code
 * confirmed, and the account's own flag (the users table, the accounts module's) is set in the
 * same transaction. The SMS module is handed this at assembly; it never imports accounts (accounts
 * shows the phone's status, so it sits above SMS).
 */
export function phoneVerification(): { markPhoneVerified: typeof markPhoneVerified } {
  return { markPhoneVerified };
}
