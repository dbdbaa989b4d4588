import type { Executor } from '../../db/database.js';
import { oneTimeTokenRepository } from './repository.js';

/**
 * Claim links (docs/product.md section 13): a customer the shop created from a phone number alone
 * takes the account over by following a one-time link texted to that phone and choosing an e-mail
 * address and a password. The link's token is stored hashed like the e-mail links; only the
 * latest one works, for CLAIM_TOKEN_TTL_MS, once.
 */
export const CLAIM_TOKEN_TTL_MS = 7 * 24 * 60 * 60_000;

/** Issues a claim link for the account (earlier ones stop working); call it in the text's transaction. */
export async function issueClaimLink(
  trx: Executor,
  config: { appUrl: string },
  user: { id: number; email: string },
): Promise<string> {
  const tokens = oneTimeTokenRepository(trx);
  await tokens.consumeAll(user.id, 'claim_account');
  const token = await tokens.issue(user.id, 'claim_account', user.email, CLAIM_TOKEN_TTL_MS);
  return `${config.appUrl}/claim/${token}`;
}
