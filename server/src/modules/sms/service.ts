import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { sql } from 'kysely';
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
import { dialectOf, now } from '../../db/database.js';
import { DomainError } from '../../lib/errors.js';
import { displayKenyanPhone, normaliseKenyanPhone, PHONE_HINT } from '../../lib/phone.js';
import { queueSms } from './outbox.js';

/** The answer (409) when the phone is already verified on as many other accounts as allowed. */
export const phoneTakenMessage = (max: number) =>
  max === 1
    ? 'This phone number is already verified on another account. Sign in to that account, or verify a different number.'
    : `This phone number is already verified on ${max} other accounts, the most allowed. Sign in to one of them, or verify a different number.`;

function codeHash(userId: number, code: string): Buffer {
  return createHash('sha256').update(`${userId}:${code}`, 'utf8').digest();
}

/** The latest phone this customer verified, or undefined. */
async function verifiedPhone(db: Executor, userId: number): Promise<string | undefined> {
  const row = await db
    .selectFrom('phone_verifications')
    .select('phone')
    .where('user_id', '=', userId)
    .where('verified_at', 'is not', null)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.phone;
}

/**
 * The other accounts whose verified phone (their latest verified one) is `phone`. A phone counts
 * for one account at a time (PHONE_MAX_ACCOUNTS): a deleted account, or one that verified another
 * number since, no longer holds it.
 */
export async function accountsHoldingPhone(db: Executor, phone: string, exceptUserId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('phone_verifications as v')
    .select('v.user_id')
    .distinct()
    .where('v.phone', '=', phone)
    .where('v.verified_at', 'is not', null)
    .where('v.user_id', '!=', exceptUserId)
    .where((eb) =>
      eb(
        'v.id',
        '=',
        eb
          .selectFrom('phone_verifications as latest')
          .select((l) => l.fn.max('latest.id').as('id'))
          .whereRef('latest.user_id', '=', 'v.user_id')
          .where('latest.verified_at', 'is not', null),
      ),
    )
    .execute();
  return rows.map((r) => r.user_id);
}

/** Whether the customer has verified a phone by a code sent in a text message. */
export async function phoneVerified(db: Executor, userId: number): Promise<boolean> {
  return (await verifiedPhone(db, userId)) !== undefined;
}

/** Phone verification by SMS code (docs/product.md, "Text messages"). */
export function phoneVerificationService(deps: { db: Db; config: Config }) {
  const { db, config } = deps;
  const textsOn = config.sms !== undefined || config.smsSandbox;

  async function status(userId: number): Promise<PhoneStatus> {
    const phone = await verifiedPhone(db, userId);
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
    async requestCode(userId: number, phoneInput: string): Promise<{ sandboxCode?: string }> {
      if (!textsOn) throw new DomainError('not_found', SMS_DISABLED);
      const phone = normaliseKenyanPhone(phoneInput);
      if (!phone) throw new DomainError('invalid', PHONE_HINT, { errors: { phone: [PHONE_HINT] } });
      return db.transaction().execute(async (trx) => {
        const last = await trx
          .selectFrom('phone_verifications')
          .select('created_at')
          .where('user_id', '=', userId)
          .orderBy('id', 'desc')
          .limit(1)
          .executeTakeFirst();
        const waited = last ? (Date.now() - Date.parse(last.created_at)) / 1000 : Infinity;
        if (waited < PHONE_CODE_RESEND_SECONDS) {
          throw new DomainError('too_many', phoneCodeTooSoon(Math.ceil(PHONE_CODE_RESEND_SECONDS - waited)));
        }
        const code = String(randomInt(0, 10 ** PHONE_CODE_LENGTH)).padStart(PHONE_CODE_LENGTH, '0');
        const at = now();
        await trx
          .insertInto('phone_verifications')
          .values({
            user_id: userId,
            phone,
            code_hash: codeHash(userId, code).toString('hex'),
            attempts: 0,
            expires_at: new Date(Date.parse(at) + PHONE_CODE_MINUTES * 60_000).toISOString(),
            verified_at: null,
            created_at: at,
          })
          .execute();
        if (config.smsSandbox) return { sandboxCode: code };
        await queueSms(trx, {
          to: phone,
          message: `${code} is your ${config.shopName} verification code. It expires in ${PHONE_CODE_MINUTES} minutes. Never share it.`,
          template: 'phone_code',
        });
        return {};
      });
    },

    /** Checks the code typed against the latest one sent; a right code verifies the phone. */
    async confirmCode(userId: number, code: string): Promise<PhoneStatus> {
      if (!textsOn) throw new DomainError('not_found', SMS_DISABLED);
      const at = now();
      const pending = await db
        .selectFrom('phone_verifications')
        .selectAll()
        .where('user_id', '=', userId)
        .where('verified_at', 'is', null)
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst();
      if (!pending || pending.expires_at < at || pending.attempts >= PHONE_CODE_MAX_ATTEMPTS) {
        throw new DomainError('invalid', PHONE_CODE_EXPIRED, { errors: { code: [PHONE_CODE_EXPIRED] } });
      }
      // Counted first (a conditional UPDATE), so parallel guesses cannot exceed the allowance.
      const counted = await db
        .updateTable('phone_verifications')
        .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
        .where('id', '=', pending.id)
        .where('attempts', '<', PHONE_CODE_MAX_ATTEMPTS)
        .where('verified_at', 'is', null)
        .executeTakeFirst();
      if (Number(counted.numUpdatedRows) === 0) {
        throw new DomainError('invalid', PHONE_CODE_EXPIRED, { errors: { code: [PHONE_CODE_EXPIRED] } });
      }
      const expected = Buffer.from(pending.code_hash, 'hex');
      if (!timingSafeEqual(codeHash(userId, code), expected)) {
        throw new DomainError('invalid', PHONE_CODE_WRONG, { errors: { code: [PHONE_CODE_WRONG] } });
      }
      // The account's own flag opens what a verified phone allows (pay on delivery, docs/product.md section 11).
      await db.transaction().execute(async (trx) => {
        // One decision per phone at a time, so two accounts cannot both take its last place.
        if (dialectOf(trx) === 'postgres') {
          await sql`select pg_advisory_xact_lock(hashtext(${`phone:${pending.phone}`}))`.execute(trx);
        }
        const holders = await accountsHoldingPhone(trx, pending.phone, userId);
        if (holders.length >= config.phoneMaxAccounts) {
          throw new DomainError('conflict', phoneTakenMessage(config.phoneMaxAccounts), {
            errors: { phone: [phoneTakenMessage(config.phoneMaxAccounts)] },
          });
        }
        await trx.updateTable('phone_verifications').set({ verified_at: at }).where('id', '=', pending.id).execute();
        await trx.updateTable('users').set({ phone_verified_at: at }).where('id', '=', userId).execute();
      });
      return status(userId);
    },
  };
}
