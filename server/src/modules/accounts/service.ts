import type { Config } from '../../config.js';
import { isUniqueViolation, now, type Db } from '../../db/database.js';
import type { User } from '../../db/schema.js';
import { DomainError, invalidField, unauthenticated } from '../../lib/errors.js';
import type { DomainEvents } from '../../lib/events.js';
import { hashPassword, verifyAgainstDummy, verifyPassword } from '../../lib/passwords.js';
import { refreshProductRatings } from '../reviews/ratings.js';
import { sendPasswordResetEmail, sendVerificationEmail } from './emails.js';
import { GoogleTokenError, type GoogleVerifier } from './google.js';
import { oneTimeTokenRepository, toAuthUser, userRepository } from './repository.js';
import { tokenRepository, type AuthUser } from './tokens.js';

export const MESSAGES = {
  registered: 'Registration successful! Please check your email to verify your account.',
  loggedIn: 'Logged in successfully.',
  invalidCredentials: 'Invalid credentials',
  loggedOut: 'Logged out.',
  emailTaken: 'The email has already been taken.',
  wrongCurrentPassword: 'The current password is incorrect.',
  currentPasswordRequired: 'The current password field is required to set a new password.',
  profileUpdated: 'Profile updated.',
  profileUpdatedVerify: 'Profile updated. Please check your email to verify your new address.',
  accountDeleted: 'Your account has been deleted.',
  verificationSent:
    'If an account with that email exists and is not verified yet, a new verification link has been sent.',
  resetSent: 'If an account with that email exists, a password reset link has been sent to it.',
  passwordReset: 'Your password has been reset. You can now log in with your new password.',
  badResetLink: 'Invalid or expired reset link.',
  googleDisabled: 'Google sign-in is not configured.',
  googleOtherAccount: 'This email address is already linked to a different Google account.',
} as const;

export interface SignedIn {
  token: string;
  user: AuthUser;
}

export interface AccountServiceDeps {
  db: Db;
  config: Pick<Config, 'appUrl' | 'shopName' | 'passwordHashCost'>;
  events: DomainEvents;
  /** absent when GOOGLE_CLIENT_ID is not set */
  verifyGoogleToken?: GoogleVerifier;
}

export interface ProfileChange {
  name: string;
  email: string;
  current_password?: string | null;
  password?: string | null;
}

const filled = (v: string | null | undefined): v is string => typeof v === 'string' && v !== '';

export function accountService({ db, config, events, verifyGoogleToken }: AccountServiceDeps) {
  const hash = (password: string) => hashPassword(password, config.passwordHashCost);
  // Prepare the dummy hash now, so the first sign-in with an unknown e-mail is not the slow one.
  void verifyAgainstDummy('warm-up', config.passwordHashCost);

  function revoked(userId: number, tokenIds: number[]): void {
    if (tokenIds.length > 0) events.emit('auth.tokens.revoked', { userId, tokenIds });
  }

  async function signIn(user: User): Promise<SignedIn> {
    const { token } = await tokenRepository(db).issue(user.id);
    return { token, user: toAuthUser(user) };
  }

  return {
    async register(input: { name: string; email: string; password: string }): Promise<SignedIn> {
      if (await userRepository(db).findByEmail(input.email)) throw invalidField('email', MESSAGES.emailTaken);
      const passwordHash = await hash(input.password);
      let user: User;
      try {
        user = await db.transaction().execute(async (trx) => {
          const created = await userRepository(trx).create({
            name: input.name,
            email: input.email,
            password_hash: passwordHash,
            is_admin: 0,
            email_verified_at: null,
            google_sub: null,
          });
          await sendVerificationEmail(trx, config, created);
          return created;
        });
      } catch (err) {
        if (isUniqueViolation(err)) throw invalidField('email', MESSAGES.emailTaken);
        throw err;
      }
      return signIn(user);
    },

    /** Unknown e-mail and wrong password give the same answer after the same amount of work. */
    async login(input: { email: string; password: string }): Promise<SignedIn> {
      const user = await userRepository(db).findByEmail(input.email);
      const ok = user?.password_hash
        ? await verifyPassword(user.password_hash, input.password)
        : await verifyAgainstDummy(input.password, config.passwordHashCost);
      if (!user || !ok) throw new DomainError('unauthenticated', MESSAGES.invalidCredentials);
      return signIn(user);
    },

    async logout(userId: number, tokenId: number): Promise<void> {
      await tokenRepository(db).revoke(tokenId);
      revoked(userId, [tokenId]);
    },

    async updateProfile(
      userId: number,
      currentTokenId: number,
      change: ProfileChange,
    ): Promise<{ user: AuthUser; emailChanged: boolean }> {
      const users = userRepository(db);
      const user = await users.findById(userId);
      if (!user) throw unauthenticated();

      const emailChanged = change.email !== user.email;
      if (emailChanged) {
        const owner = await users.findByEmail(change.email);
        if (owner && owner.id !== userId) throw invalidField('email', MESSAGES.emailTaken);
      }

      let passwordHash: string | undefined;
      if (filled(change.password)) {
        // An account made with Google has no password yet; it may set one without a current one.
        if (user.password_hash) {
          if (!filled(change.current_password)) {
            throw invalidField('current_password', MESSAGES.currentPasswordRequired);
          }
          if (!(await verifyPassword(user.password_hash, change.current_password))) {
            throw invalidField('current_password', MESSAGES.wrongCurrentPassword);
          }
        }
        passwordHash = await hash(change.password);
      }

      let revokedIds: number[] = [];
      let updated: User;
      try {
        updated = await db.transaction().execute(async (trx) => {
          const row = await userRepository(trx).update(userId, {
            name: change.name,
            ...(emailChanged ? { email: change.email, email_verified_at: null } : {}),
            ...(passwordHash ? { password_hash: passwordHash } : {}),
          });
          if (!row) throw unauthenticated();
          if (emailChanged) {
            // links sent to the old address must not verify the new one
            await oneTimeTokenRepository(trx).consumeAll(userId, 'verify_email');
            await sendVerificationEmail(trx, config, row);
          }
          if (passwordHash) {
            revokedIds = await tokenRepository(trx).revokeAllForUser(userId, currentTokenId);
            await oneTimeTokenRepository(trx).consumeAll(userId, 'reset_password');
          }
          return row;
        });
      } catch (err) {
        if (isUniqueViolation(err)) throw invalidField('email', MESSAGES.emailTaken);
        throw err;
      }
      revoked(userId, revokedIds);
      return { user: toAuthUser(updated), emailChanged };
    },

    /**
     * Removes the person (DESIGN.md section 5): the user row goes, and with it (foreign keys)
     * tokens, cart, wishlist and reviews; orders stay for the books with user_id null and no phone.
     */
    async deleteAccount(userId: number): Promise<void> {
      const tokenIds = await db.transaction().execute(async (trx) => {
        const users = userRepository(trx);
        const productIds = await users.reviewedProductIds(userId);
        const ids = await tokenRepository(trx).liveIds(userId);
        await users.scrubOrders(userId);
        await users.delete(userId);
        await refreshProductRatings(trx, productIds);
        return ids;
      });
      revoked(userId, tokenIds);
    },

    /** Same outcome, visible or not, whether the account exists: no enumeration. */
    async resendVerification(email: string): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const user = await userRepository(trx).findByEmail(email);
        if (user && !user.email_verified_at) await sendVerificationEmail(trx, config, user);
      });
    },

    /** true when the link verified the account; false for an unknown, used or expired link. */
    async verifyEmail(token: string): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const tokens = oneTimeTokenRepository(trx);
        const found = await tokens.findUsable(token, 'verify_email');
        if (!found) return false;
        const user = await userRepository(trx).findById(found.user_id);
        if (!user || user.email !== found.email) return false;
        if (!(await tokens.consume(found.id))) return false;
        if (!user.email_verified_at) await userRepository(trx).update(user.id, { email_verified_at: now() });
        return true;
      });
    },

    async forgotPassword(email: string): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const user = await userRepository(trx).findByEmail(email);
        if (user) await sendPasswordResetEmail(trx, config, user);
      });
    },

    async resetPassword(input: { token: string; email: string; password: string }): Promise<void> {
      const found = await oneTimeTokenRepository(db).findUsable(input.token, 'reset_password');
      if (!found || found.email !== input.email) throw new DomainError('invalid', MESSAGES.badResetLink);
      const passwordHash = await hash(input.password);
      const revokedIds = await db.transaction().execute(async (trx) => {
        const tokens = oneTimeTokenRepository(trx);
        const user = await userRepository(trx).findById(found.user_id);
        if (!user || user.email !== input.email || !(await tokens.consume(found.id))) {
          throw new DomainError('invalid', MESSAGES.badResetLink);
        }
        await tokens.consumeAll(user.id, 'reset_password');
        // the link reached the inbox, which proves the address as well as verification would
        await userRepository(trx).update(user.id, {
          password_hash: passwordHash,
          ...(user.email_verified_at ? {} : { email_verified_at: now() }),
        });
        return tokenRepository(trx).revokeAllForUser(user.id);
      });
      revoked(found.user_id, revokedIds);
    },

    /** Google sign-in (PAYMENTS.md): by `sub`, else link a verified e-mail, else a new account. */
    async googleLogin(idToken: string): Promise<SignedIn> {
      if (!verifyGoogleToken) throw new DomainError('unavailable', MESSAGES.googleDisabled);
      let identity;
      try {
        identity = await verifyGoogleToken(idToken);
      } catch (err) {
        if (err instanceof GoogleTokenError) {
          throw new DomainError(err.reason === 'unavailable' ? 'unavailable' : 'unauthenticated', err.message);
        }
        throw err;
      }

      const known = await userRepository(db).findByGoogleSub(identity.sub);
      if (known) return signIn(known);

      let revokedIds: number[] = [];
      let user: User;
      try {
        user = await db.transaction().execute(async (trx) => {
          const users = userRepository(trx);
          const existing = await users.findByEmail(identity.email);
          if (!existing) {
            return users.create({
              name: identity.name,
              email: identity.email,
              password_hash: null,
              is_admin: 0,
              email_verified_at: now(),
              google_sub: identity.sub,
            });
          }
          if (existing.google_sub) throw new DomainError('conflict', MESSAGES.googleOtherAccount);
          if (existing.email_verified_at) {
            return (await users.update(existing.id, { google_sub: identity.sub }))!;
          }
          // Never verified: whoever registered it did not prove the address, Google's owner did.
          // Nothing they chose (password, sessions, name) survives (pre-registration takeover).
          revokedIds = await tokenRepository(trx).revokeAllForUser(existing.id);
          await oneTimeTokenRepository(trx).consumeAll(existing.id, 'reset_password');
          await oneTimeTokenRepository(trx).consumeAll(existing.id, 'verify_email');
          return (await users.update(existing.id, {
            name: identity.name,
            google_sub: identity.sub,
            password_hash: null,
            email_verified_at: now(),
          }))!;
        });
      } catch (err) {
        if (!isUniqueViolation(err)) throw err;
        // a parallel sign-in of the same person won the race
        const winner = await userRepository(db).findByGoogleSub(identity.sub);
        if (!winner) throw err;
        return signIn(winner);
      }
      if (revokedIds.length) revoked(user.id, revokedIds);
      return signIn(user);
    },
  };
}

export type AccountService = ReturnType<typeof accountService>;
