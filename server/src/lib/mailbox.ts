/**
 * Customers known only by phone (docs/product.md section 13): the shop creates their account for
 * a manual order with a name and a Kenyan mobile number and no e-mail. The users table keeps one
 * unique address per account, so such an account holds a stand-in address in the reserved
 * `.invalid` domain (RFC 2606: it can never receive mail), made from the phone. The mail outbox
 * drops every message to such an address, nobody can register or sign in with one (the contract
 * refuses the domain), and the account's owner replaces it with a real address through the claim
 * link texted to the phone.
 */

export const NO_MAILBOX_DOMAIN = 'phone-only.invalid';

/** The stand-in address of a phone-only account: +254712345678 → 254712345678@phone-only.invalid. */
export function phoneOnlyAddress(e164Phone: string): string {
  return `${e164Phone.replace(/\D/g, '')}@${NO_MAILBOX_DOMAIN}`;
}

/** Whether mail to this address can arrive (false for a phone-only account's stand-in). */
export function hasMailbox(address: string): boolean {
  return !/\.invalid$/i.test(address.trim());
}
