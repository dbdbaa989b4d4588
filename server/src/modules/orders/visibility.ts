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
