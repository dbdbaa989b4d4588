import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import {
  PHONE_CODE_EXPIRED,
  PHONE_CODE_LENGTH,
  PHONE_CODE_MAX_ATTEMPTS,
  PHONE_CODE_MINUTES,
  PHONE_CODE_RESEND_SECONDS,
  PHONE_CODE_WRONG,
  phoneCodeTooSoon,
  SMS_DISABLED,
  type PhoneStatus,
} from '@mtumba/contract/sms';
import type { Config } from '../../config.js';
import type { Db, Executor } from '../../db/database.js';
import { now } from '../../db/database.js';
import { DomainError } from '../../lib/errors.js';
import { displayKenyanPhone, normaliseKenyanPhone, PHONE_HINT } from '../../lib/phone.js';
import { queueSms } from './outbox.js';
import { t } from '../../lib/i18n/index.js';
import type { Language } from '../../lib/language.js';
import { phoneVerificationRepository } from './repository.js';

/** The answer (409) when the phone is already verified on as many other accounts as allowed. */
export const phoneTakenMessage = (max: number) =>
  max === 1
    ? 'This phone number is already verified on another account. Sign in to that account, or verify a different number.'
    : `This phone number is already verified on ${max} other accounts, the most allowed. Sign in to one of them, or verify a different number.`;

function codeHash(userId: number, code: string): Buffer {
  return createHash('sha256').update(`${userId}:${code}`, 'utf8').digest();
}

/**
 * The other accounts whose verified phone (their latest verified one) is `phone`. A phone counts
 * for one account at a time (PHONE_MAX_ACCOUNTS): a deleted account, or one that verified another
 * number since, no longer holds it.
 */
export function accountsHoldingPhone(db: Executor, phone: string, exceptUserId: number): Promise<number[]> {
  return phoneVerificationRepository(db).holders(phone, exceptUserId);
}

/** Whether the customer has verified a phone by a code sent in a text message. */
export async function phoneVerified(db: Executor, userId: number): Promise<boolean> {
  return (await phoneVerificationRepository(db).latestVerifiedPhone(userId)) !== undefined;
}

/**
 * A link texted to the phone was followed (a phone-only customer claiming the account the shop
 * made, docs/product.md section 13): that proves the number as a code would. It is recorded as
 * verified for the account only while the phone is verified on fewer other accounts than
 * PHONE_MAX_ACCOUNTS allows; false when it was not. Call it inside the claim's transaction.
 */
export async function verifyPhoneByLink(
  trx: Executor,
  userId: number,
  phone: string,
  maxAccounts: number,
  at: string,
): Promise<boolean> {
  const codes = phoneVerificationRepository(trx);
  await codes.lockPhone(phone);
  if ((await accountsHoldingPhone(trx, phone, userId)).length >= maxAccounts) return false;
  await codes.insert({
    user_id: userId,
    phone,
    // no code was sent: a hash no code can match
    code_hash: createHash('sha256').update(`claim link:${userId}:${at}`, 'utf8').digest('hex'),
    attempts: 0,
    expires_at: at,
    verified_at: at,
    created_at: at,
  });
  return true;
}

export interface PhoneVerificationDeps {
  db: Db;
  config: Config;
  /**
   * Sets the account's own flag that a verified phone allows (pay on delivery), in the transaction
   * that confirms the code: the users table is the accounts module's (wired by flows/verify-phone.ts).
   */
  markPhoneVerified: (trx: Executor, userId: number, at: string) => Promise<void>;
}

/** Phone verification by SMS code (docs/product.md, "Text messages"). */
export function phoneVerificationService(deps: PhoneVerificationDeps) {
  const { db, config } = deps;
  const textsOn = config.sms !== undefined || config.smsSandbox;

  async function status(userId: number): Promise<PhoneStatus> {
    const phone = await phoneVerificationRepository(db).latestVerifiedPhone(userId);
    return {
      sms_enabled: textsOn,
      phone: phone ? displayKenyanPhone(phone) : null,
      phone_verified: phone !== undefined,
      ...(config.smsSandbox ? { sms_sandbox: true as const } : {}),
    };
  }

  return {
    status,

    /**
     * Sends a code to the phone: one text, queued in the outbox with the code's record. In the
     * development sandbox no text is queued and the code is returned, for the screen to show.
     */
    async requestCode(
      userId: number,
      phoneInput: string,
      /** the account's language: the text is written in it */
      language: Language = 'en',
    ): Promise<{ sandboxCode?: string }> {
      if (!textsOn) throw new DomainError('not_found', SMS_DISABLED);
      const phone = normaliseKenyanPhone(phoneInput);
      if (!phone) throw new DomainError('invalid', PHONE_HINT, { errors: { phone: [PHONE_HINT] } });
      return db.transaction().execute(async (trx) => {
        const codes = phoneVerificationRepository(trx);
        const lastSentAt = await codes.lastSentAt(userId);
        const waited = lastSentAt ? (Date.now() - Date.parse(lastSentAt)) / 1000 : Infinity;
        if (waited < PHONE_CODE_RESEND_SECONDS) {
          throw new DomainError('too_many', phoneCodeTooSoon(Math.ceil(PHONE_CODE_RESEND_SECONDS - waited)));
        }
        const code = String(randomInt(0, 10 ** PHONE_CODE_LENGTH)).padStart(PHONE_CODE_LENGTH, '0');
        const at = now();
        await codes.insert({
          user_id: userId,
          phone,
          code_hash: codeHash(userId, code).toString('hex'),
          attempts: 0,
          expires_at: new Date(Date.parse(at) + PHONE_CODE_MINUTES * 60_000).toISOString(),
          verified_at: null,
          created_at: at,
        });
        if (config.smsSandbox) return { sandboxCode: code };
        await queueSms(trx, {
          to: phone,
          message: t(language, 'sms.phoneCode', { code, shop: config.shopName, minutes: PHONE_CODE_MINUTES }),
          template: 'phone_code',
        });
        return {};
      });
    },

    /** Checks the code typed against the latest one sent; a right code verifies the phone. */
    async confirmCode(userId: number, code: string): Promise<PhoneStatus> {
      if (!textsOn) throw new DomainError('not_found', SMS_DISABLED);
      const at = now();
      const pending = await phoneVerificationRepository(db).latestPending(userId);
      if (!pending || pending.expires_at < at || pending.attempts >= PHONE_CODE_MAX_ATTEMPTS) {
        throw new DomainError('invalid', PHONE_CODE_EXPIRED, { errors: { code: [PHONE_CODE_EXPIRED] } });
      }
      // Counted first (a conditional UPDATE), so parallel guesses cannot exceed the allowance.
      if (!(await phoneVerificationRepository(db).countAttempt(pending.id, PHONE_CODE_MAX_ATTEMPTS))) {
        throw new DomainError('invalid', PHONE_CODE_EXPIRED, { errors: { code: [PHONE_CODE_EXPIRED] } });
      }
      const expected = Buffer.from(pending.code_hash, 'hex');
      if (!timingSafeEqual(codeHash(userId, code), expected)) {
        throw new DomainError('invalid', PHONE_CODE_WRONG, { errors: { code: [PHONE_CODE_WRONG] } });
      }
      // The account's own flag opens what a verified phone allows (pay on delivery, docs/product.md section 11).
      await db.transaction().execute(async (trx) => {
        // One decision per phone at a time, so two accounts cannot both take its last place.
        const codes = phoneVerificationRepository(trx);
        await codes.lockPhone(pending.phone);
        const holders = await accountsHoldingPhone(trx, pending.phone, userId);
        if (holders.length >= config.phoneMaxAccounts) {
          throw new DomainError('conflict', phoneTakenMessage(config.phoneMaxAccounts), {
            errors: { phone: [phoneTakenMessage(config.phoneMaxAccounts)] },
          });
        }
        await codes.markVerified(pending.id, at);
        await deps.markPhoneVerified(trx, userId, at);
      });
      return status(userId);
    },
  };
}
