import { CLAIM_MESSAGES, type AccountClaimView } from '@mtumba/contract/account';
import type { Config } from '../../config.js';
import { isUniqueViolation, now, type Db } from '../../db/database.js';
import type { User } from '../../db/schema.js';
import { DomainError, invalidField, unauthenticated } from '../../lib/errors.js';
import type { DomainEvents } from '../../lib/events.js';
import { hasMailbox } from '../../lib/mailbox.js';
import { hashPassword, verifyAgainstDummy, verifyPassword } from '../../lib/passwords.js';
import { displayKenyanPhone } from '../../lib/phone.js';
import { verifyPhoneByLink } from '../sms/service.js';
import { refreshProductRatings } from '../catalog/service.js';
import { describeBrowser } from './browser.js';
import {
  DELETE_TOKEN_TTL_MS,
  sendDeletionConfirmEmail,
  sendEmailChangeNotice,
  sendPasswordResetEmail,
  sendVerificationEmail,
} from './emails.js';
import { GoogleTokenError, type GoogleVerifier } from './google.js';
import { oneTimeTokenRepository, scrubPersonalCopies, userRepository } from './repository.js';
import { recordSecurityEvent } from '../security-log/service.js';
import { toAuthUser, type AuthUser, type SignInMethod } from './tokens.js';
import { tokenRepository } from './token-repository.js';
import type { Language } from '../../lib/language.js';

export const MESSAGES = {
  registered: 'Registration successful! Please check your email to verify your account.',
  loggedIn: 'Logged in successfully.',
  invalidCredentials: 'Invalid credentials',
  loggedOut: 'Logged out.',
  emailTaken: 'The email has already been taken.',
  wrongCurrentPassword: 'The current password is incorrect.',
  currentPasswordRequired: 'The current password field is required to set a new password.',
  currentPasswordRequiredForEmail: 'The current password field is required to change your e-mail address.',
  googleReauth:
    'Your account has no password: sign in with Google again (within the last 10 minutes) to change your e-mail address or password.',
  emailChangePending:
    'Profile updated. We sent a link to your new e-mail address: the change takes effect once you follow it. Until then your current address stays in use.',
  sessionNotFound: 'Session not found.',
  sessionRevoked: 'Signed out of that session.',
  otherSessionsRevoked: 'Signed out everywhere else.',
  profileUpdated: 'Profile updated.',
  profileUpdatedVerify: 'Profile updated. Please check your email to verify your new address.',
  accountDeleted: 'Your account has been deleted.',
  deletionConfirmSent:
    'We e-mailed you a link to confirm deleting your account (it works once, within 60 minutes). Your account stays until you follow it.',
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
  config: Pick<Config, 'appUrl' | 'shopName' | 'passwordHashCost' | 'sessions'> & {
    /** PHONE_MAX_ACCOUNTS: a claim link proves the phone only while it allows (1 when left out) */
    phoneMaxAccounts?: number;
  };
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

/** Where a request came from, for new sessions and the security log. */
export interface RequestContext {
  ip?: string | null;
  userAgent?: string | null;
  /** the language of the request (a new account starts in it) */
  language?: Language;
}

/** Called before each password check (the route rate-limits them); throws to refuse. */
export type PasswordCheckGuard = () => Promise<void>;

/** A Google-only account proves itself with a Google sign-in this recent. */
export const GOOGLE_REAUTH_MS = 10 * 60_000;

export interface SessionView {
  id: number;
  browser: string;
  signed_in_with: string | null;
  created_at: string;
  last_used_at: string;
  current: boolean;
}

export function accountService({ db, config, events, verifyGoogleToken }: AccountServiceDeps) {
  const hash = (password: string) => hashPassword(password, config.passwordHashCost);
  // Prepare the dummy hash now, so the first sign-in with an unknown e-mail is not the slow one.
  void verifyAgainstDummy('warm-up', config.passwordHashCost);

  function revoked(userId: number, tokenIds: number[]): void {
    if (tokenIds.length > 0) events.emit('auth.tokens.revoked', { userId, tokenIds });
  }

  /** An account a claim link may take over: a customer the shop made, with no e-mail and no password yet. */
  const claimable = (u: User) => !hasMailbox(u.email) && u.password_hash === null && u.is_admin === 0;

  /** The claim link's token and its account, or the reason it does not work (404, 410, 409). */
  async function usableClaim(token: string) {
    const found = await oneTimeTokenRepository(db).findAny(token, 'claim_account');
    if (!found) throw new DomainError('not_found', CLAIM_MESSAGES.invalid);
    const user = await userRepository(db).findById(found.user_id);
    if (!user) throw new DomainError('not_found', CLAIM_MESSAGES.invalid);
    if (!claimable(user)) throw new DomainError('conflict', CLAIM_MESSAGES.hasEmail);
    if (found.used_at !== null) throw new DomainError('gone', CLAIM_MESSAGES.used);
    if (Date.parse(found.expires_at) <= Date.now()) throw new DomainError('gone', CLAIM_MESSAGES.expired);
    return { found, user, expiresAt: found.expires_at };
  }

  async function signIn(user: User, method: SignInMethod, ctx: RequestContext): Promise<SignedIn> {
    const { token } = await db.transaction().execute(async (trx) => {
      const issued = await tokenRepository(trx).issue(user.id, { userAgent: ctx.userAgent, signedInWith: method });
      await recordSecurityEvent(trx, { userId: user.id, kind: 'sign_in', detail: { method }, ip: ctx.ip });
      return issued;
    });
    return { token, user: toAuthUser(user) };
  }

  /**
   * Proof that the person at the keyboard owns the account, before an e-mail or password change:
   * the current password, or for an account without one a Google sign-in of this session that
   * is at most 10 minutes old.
   */
  async function proveOwner(
    user: User,
    tokenId: number,
    currentPassword: string | null | undefined,
    missingMessage: string,
    guard: PasswordCheckGuard,
  ): Promise<void> {
    if (user.password_hash) {
      if (!filled(currentPassword)) throw invalidField('current_password', missingMessage);
      await guard();
      if (!(await verifyPassword(user.password_hash, currentPassword))) {
        throw invalidField('current_password', MESSAGES.wrongCurrentPassword);
      }
      return;
    }
    const session = await tokenRepository(db).origin(tokenId);
    const recentGoogle =
      session?.signed_in_with === 'google' && Date.now() - Date.parse(session.created_at) <= GOOGLE_REAUTH_MS;
    if (!recentGoogle) throw invalidField('current_password', MESSAGES.googleReauth);
  }

  /**
   * The user row goes, and with it (foreign keys) tokens, cart, wishlist, reviews and their
   * security log; orders stay for the books with user_id null and no phone or address; copies of
   * their data elsewhere (payment notifications, the mail outbox, the newsletter) are scrubbed
   * (see docs/security.md).
   */
  async function removeAccount(user: User): Promise<void> {
    const tokenIds = await db.transaction().execute(async (trx) => {
      const users = userRepository(trx);
      const productIds = await users.reviewedProductIds(user.id);
      const ids = await tokenRepository(trx).liveIds(user.id);
      await scrubPersonalCopies(trx, user);
      await users.scrubOrders(user.id);
      await users.delete(user.id);
      await refreshProductRatings(trx, productIds);
      return ids;
    });
    revoked(user.id, tokenIds);
  }

  return {
    async register(
      input: { name: string; email: string; password: string },
      ctx: RequestContext = {},
    ): Promise<SignedIn> {
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
            language: ctx.language ?? 'en',
          });
          await sendVerificationEmail(trx, config, created);
          return created;
        });
      } catch (err) {
        if (isUniqueViolation(err)) throw invalidField('email', MESSAGES.emailTaken);
        throw err;
      }
      return signIn(user, 'register', ctx);
    },

    /** Whom a claim link is for (docs/product.md section 13); 404 unknown, 410 used or expired, 409 claimed. */
    async viewClaim(token: string): Promise<AccountClaimView> {
      const { user, expiresAt } = await usableClaim(token);
      return { name: user.name, phone: user.phone ? displayKenyanPhone(user.phone) : null, expires_at: expiresAt };
    },

    /**
     * A customer the shop created from a phone number alone takes the account over: the e-mail
     * address and password they choose replace the stand-in address, a verification e-mail goes
     * to the new address (as for a new account), and following the texted link proves the phone
     * (within PHONE_MAX_ACCOUNTS). The link works once; an account that has an e-mail already is
     * refused (409). Signs them in.
     */
    async claimAccount(
      token: string,
      input: { email: string; password: string },
      ctx: RequestContext = {},
    ): Promise<SignedIn> {
      const { found } = await usableClaim(token);
      if (await userRepository(db).findByEmail(input.email)) throw invalidField('email', MESSAGES.emailTaken);
      const passwordHash = await hash(input.password);
      let user: User;
      try {
        user = await db.transaction().execute(async (trx) => {
          const users = userRepository(trx);
          const tokens = oneTimeTokenRepository(trx);
          const owner = await users.findById(found.user_id);
          if (!owner) throw new DomainError('not_found', CLAIM_MESSAGES.invalid);
          if (!claimable(owner)) throw new DomainError('conflict', CLAIM_MESSAGES.hasEmail);
          if (!(await tokens.consume(found.id))) throw new DomainError('gone', CLAIM_MESSAGES.used);
          await tokens.consumeAll(owner.id, 'claim_account');
          const at = now();
          const phoneVerified = owner.phone
            ? await verifyPhoneByLink(trx, owner.id, owner.phone, config.phoneMaxAccounts ?? 1, at)
            : false;
          const claimed = (await users.update(owner.id, {
            email: input.email,
            password_hash: passwordHash,
            email_verified_at: null,
            pending_email: null,
            ...(phoneVerified ? { phone_verified_at: at } : {}),
          }))!;
          await sendVerificationEmail(trx, config, claimed);
          await recordSecurityEvent(trx, {
            userId: owner.id,
            kind: 'account_claimed',
            detail: { phone_verified: phoneVerified },
            ip: ctx.ip,
          });
          return claimed;
        });
      } catch (err) {
        if (isUniqueViolation(err)) throw invalidField('email', MESSAGES.emailTaken);
        throw err;
      }
      return signIn(user, 'register', ctx);
    },

    /** Unknown e-mail and wrong password give the same answer after the same amount of work. */
    async login(input: { email: string; password: string }, ctx: RequestContext = {}): Promise<SignedIn> {
      const user = await userRepository(db).findByEmail(input.email);
      const ok = user?.password_hash
        ? await verifyPassword(user.password_hash, input.password)
        : await verifyAgainstDummy(input.password, config.passwordHashCost);
      if (!user || !ok) {
        if (user) await recordSecurityEvent(db, { userId: user.id, kind: 'sign_in_failed', ip: ctx.ip });
        throw new DomainError('unauthenticated', MESSAGES.invalidCredentials);
      }
      return signIn(user, 'password', ctx);
    },

    async logout(userId: number, tokenId: number, ctx: RequestContext = {}): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await tokenRepository(trx).revoke(tokenId);
        await recordSecurityEvent(trx, { userId, kind: 'signed_out', ip: ctx.ip });
      });
      revoked(userId, [tokenId]);
    },

    /** The account's live sessions, the one making the call marked `current`. */
    async listSessions(userId: number, currentTokenId: number): Promise<SessionView[]> {
      const rows = await tokenRepository(db).listLive(userId, config.sessions);
      return rows.map((r) => ({
        id: r.id,
        browser: describeBrowser(r.user_agent),
        signed_in_with: r.signed_in_with,
        created_at: r.created_at,
        last_used_at: r.last_used_at ?? r.created_at,
        current: r.id === currentTokenId,
      }));
    },

    /** Ends one of the account's sessions; 404 when it is not theirs or already ended. */
    async revokeSession(userId: number, tokenId: number, ctx: RequestContext = {}): Promise<void> {
      const done = await db.transaction().execute(async (trx) => {
        if (!(await tokenRepository(trx).revokeOwn(userId, tokenId))) return false;
        await recordSecurityEvent(trx, { userId, kind: 'session_revoked', detail: { session: tokenId }, ip: ctx.ip });
        return true;
      });
      if (!done) throw new DomainError('not_found', MESSAGES.sessionNotFound);
      revoked(userId, [tokenId]);
    },

    /** "Sign out everywhere else": every session but the current one ends. */
    async revokeOtherSessions(userId: number, currentTokenId: number, ctx: RequestContext = {}): Promise<number> {
      const ids = await db.transaction().execute(async (trx) => {
        const revokedIds = await tokenRepository(trx).revokeAllForUser(userId, currentTokenId);
        await recordSecurityEvent(trx, {
          userId,
          kind: 'sessions_revoked',
          detail: { count: revokedIds.length, reason: 'signed out everywhere else' },
          ip: ctx.ip,
        });
        return revokedIds;
      });
      revoked(userId, ids);
      return ids.length;
    },

    async updateProfile(
      userId: number,
      currentTokenId: number,
      change: ProfileChange,
      ctx: RequestContext = {},
      guard: PasswordCheckGuard = async () => {},
    ): Promise<{ user: AuthUser; emailChanged: boolean; emailChangePending: boolean }> {
      const users = userRepository(db);
      const user = await users.findById(userId);
      if (!user) throw unauthenticated();

      const emailChanged = change.email !== user.email;
      if (emailChanged) {
        const owner = await users.findByEmail(change.email);
        if (owner && owner.id !== userId) throw invalidField('email', MESSAGES.emailTaken);
      }
      const passwordChanged = filled(change.password);
      // Either change needs proof of ownership, not just a bearer token (a stolen one, say).
      if (emailChanged || passwordChanged) {
        await proveOwner(
          user,
          currentTokenId,
          change.current_password,
          passwordChanged ? MESSAGES.currentPasswordRequired : MESSAGES.currentPasswordRequiredForEmail,
          guard,
        );
      }
      const passwordHash = passwordChanged ? await hash(change.password!) : undefined;
      // A verified address stays until the new one is verified, and is told about the request.
      // An address that was never verified proves nothing, so it is simply replaced.
      const pending = emailChanged && user.email_verified_at !== null;

      let revokedIds: number[] = [];
      let updated: User;
      try {
        updated = await db.transaction().execute(async (trx) => {
          const row = await userRepository(trx).update(userId, {
            name: change.name,
            ...(emailChanged && pending ? { pending_email: change.email } : {}),
            ...(emailChanged && !pending ? { email: change.email, email_verified_at: null, pending_email: null } : {}),
            ...(passwordHash ? { password_hash: passwordHash } : {}),
          });
          if (!row) throw unauthenticated();
          if (emailChanged) {
            // links sent earlier (to the old address, or an earlier new one) must not verify this one
            await oneTimeTokenRepository(trx).consumeAll(userId, 'verify_email');
            await sendVerificationEmail(trx, config, row, change.email);
            if (pending) await sendEmailChangeNotice(trx, config, user, change.email);
            await recordSecurityEvent(trx, {
              userId,
              kind: pending ? 'email_change_requested' : 'email_changed',
              detail: { from: user.email, to: change.email },
              ip: ctx.ip,
            });
          }
          if (passwordHash) {
            revokedIds = await tokenRepository(trx).revokeAllForUser(userId, currentTokenId);
            await oneTimeTokenRepository(trx).consumeAll(userId, 'reset_password');
            await recordSecurityEvent(trx, {
              userId,
              kind: 'password_changed',
              detail: { sessions_ended: revokedIds.length },
              ip: ctx.ip,
            });
          }
          return row;
        });
      } catch (err) {
        if (isUniqueViolation(err)) throw invalidField('email', MESSAGES.emailTaken);
        throw err;
      }
      revoked(userId, revokedIds);
      return { user: toAuthUser(updated), emailChanged: emailChanged && !pending, emailChangePending: pending };
    },

    /**
     * Removes the person, once the request proves it is the owner: the current password, or for
     * an account without one a Google sign-in of this session at most 10 minutes old. Without
     * that proof (a bare `DELETE /api/user`, which the public API keeps accepting) nothing is
     * deleted yet: a one-time link to confirm is e-mailed to the account's address (valid 60
     * minutes), so a stolen token alone cannot delete the account. A wrong password is refused.
     */
    async deleteAccount(
      userId: number,
      currentPassword?: string | null,
      guard: PasswordCheckGuard = async () => {},
      tokenId?: number,
      ctx: RequestContext = {},
    ): Promise<{ deleted: boolean }> {
      const user = await userRepository(db).findById(userId);
      if (!user) throw unauthenticated();
      let proven = false;
      if (filled(currentPassword) && user.password_hash) {
        await guard();
        if (!(await verifyPassword(user.password_hash, currentPassword))) {
          throw invalidField('current_password', MESSAGES.wrongCurrentPassword);
        }
        proven = true;
      } else if (!user.password_hash && tokenId !== undefined) {
        const session = await tokenRepository(db).origin(tokenId);
        proven =
          session?.signed_in_with === 'google' && Date.now() - Date.parse(session.created_at) <= GOOGLE_REAUTH_MS;
      }
      if (!proven) {
        await db.transaction().execute(async (trx) => {
          const tokens = oneTimeTokenRepository(trx);
          await tokens.consumeAll(user.id, 'delete_account');
          const token = await tokens.issue(user.id, 'delete_account', user.email, DELETE_TOKEN_TTL_MS);
          await sendDeletionConfirmEmail(trx, config, user, token);
          await recordSecurityEvent(trx, {
            userId: user.id,
            kind: 'account_deletion_requested',
            detail: {},
            ip: ctx.ip ?? null,
          });
        });
        return { deleted: false };
      }
      await removeAccount(user);
      return { deleted: true };
    },

    /** true when the link of the confirmation e-mail deleted the account; false for an unknown, used or expired link. */
    async confirmAccountDeletion(token: string): Promise<boolean> {
      const found = await oneTimeTokenRepository(db).findUsable(token, 'delete_account');
      if (!found) return false;
      const user = await userRepository(db).findById(found.user_id);
      if (!user || user.email !== found.email) return false;
      await removeAccount(user);
      return true;
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
        const users = userRepository(trx);
        const user = await users.findById(found.user_id);
        if (!user) return false;
        if (user.email === found.email) {
          if (!(await tokens.consume(found.id))) return false;
          if (!user.email_verified_at) await users.update(user.id, { email_verified_at: now() });
          return true;
        }
        // the new address of an e-mail change: it takes effect now, unless someone took it meanwhile
        if (user.pending_email !== found.email) return false;
        const owner = await users.findByEmail(found.email);
        if (owner) return false;
        if (!(await tokens.consume(found.id))) return false;
        await users.update(user.id, { email: found.email, pending_email: null, email_verified_at: now() });
        await recordSecurityEvent(trx, {
          userId: user.id,
          kind: 'email_changed',
          detail: { from: user.email, to: found.email },
        });
        return true;
      });
    },

    /**
     * The link in the notice to the old address: cancels a pending change, or undoes one that
     * already happened (when the old address is still free), and signs every session out.
     * true when the link was valid.
     */
    async cancelEmailChange(token: string, ctx: RequestContext = {}): Promise<boolean> {
      let userId = 0;
      let revokedIds: number[] = [];
      const ok = await db.transaction().execute(async (trx) => {
        const tokens = oneTimeTokenRepository(trx);
        const found = await tokens.findUsable(token, 'cancel_email_change');
        if (!found || !(await tokens.consume(found.id))) return false;
        const users = userRepository(trx);
        const user = await users.findById(found.user_id);
        if (!user) return false;
        userId = user.id;
        const oldEmail = found.email;
        const owner = oldEmail === user.email ? undefined : await users.findByEmail(oldEmail);
        const restore = oldEmail !== user.email && !owner;
        await users.update(user.id, {
          pending_email: null,
          // following the link proved the old address again
          ...(restore ? { email: oldEmail, email_verified_at: now() } : {}),
        });
        for (const purpose of ['verify_email', 'reset_password', 'cancel_email_change'] as const) {
          await tokens.consumeAll(user.id, purpose);
        }
        revokedIds = await tokenRepository(trx).revokeAllForUser(user.id);
        await recordSecurityEvent(trx, {
          userId: user.id,
          kind: 'email_change_cancelled',
          detail: { restored: restore, address: restore ? oldEmail : user.email, sessions_ended: revokedIds.length },
          ip: ctx.ip,
        });
        return true;
      });
      if (ok) revoked(userId, revokedIds);
      return ok;
    },

    async forgotPassword(email: string): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const user = await userRepository(trx).findByEmail(email);
        if (user) await sendPasswordResetEmail(trx, config, user);
      });
    },

    async resetPassword(
      input: { token: string; email: string; password: string },
      ctx: RequestContext = {},
    ): Promise<void> {
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
        const ids = await tokenRepository(trx).revokeAllForUser(user.id);
        await recordSecurityEvent(trx, {
          userId: user.id,
          kind: 'password_reset',
          detail: { sessions_ended: ids.length },
          ip: ctx.ip,
        });
        return ids;
      });
      revoked(found.user_id, revokedIds);
    },

    /** Google sign-in (PAYMENTS.md): by `sub`, else link a verified e-mail, else a new account. */
    async googleLogin(idToken: string, ctx: RequestContext = {}): Promise<SignedIn> {
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
      if (known) return signIn(known, 'google', ctx);

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
              language: ctx.language ?? 'en',
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
            pending_email: null,
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
        return signIn(winner, 'google', ctx);
      }
      if (revokedIds.length) revoked(user.id, revokedIds);
      return signIn(user, 'google', ctx);
    },
  };
}

export type AccountService = ReturnType<typeof accountService>;
