import { createRemoteJWKSet, errors as joseErrors, jwtVerify, type JWTVerifyGetKey } from 'jose';

export const GOOGLE_ISSUERS = ['accounts.google.com', 'https://accounts.google.com'];

export interface GoogleIdentity {
  sub: string;
  /** lower-cased */
  email: string;
  name: string;
}

/** Why a Google ID token was refused ('invalid' → 401), or Google's keys could not be fetched (503). */
export class GoogleTokenError extends Error {
  constructor(
    message: string,
    readonly reason: 'invalid' | 'unavailable' = 'invalid',
  ) {
    super(message);
    this.name = 'GoogleTokenError';
  }
}

/** How far our clock and Google's may disagree, in seconds. */
const CLOCK_TOLERANCE_S = 60;

export type GoogleVerifier = (idToken: string) => Promise<GoogleIdentity>;

/**
 * Checks a Google ID token (PAYMENTS.md): RS256 signature against the JWKS, issuer, audience =
 * our client id, expiry with a minute of clock skew, and a verified e-mail address.
 */
export function createGoogleVerifier(options: { clientId: string; jwksUrl: string }): GoogleVerifier {
  // One key set per app: jose caches the keys and refetches when Google rotates them.
  const keys: JWTVerifyGetKey = createRemoteJWKSet(new URL(options.jwksUrl), { timeoutDuration: 5000 });
  return async (idToken) => {
    let payload;
    try {
      ({ payload } = await jwtVerify(idToken, keys, {
        algorithms: ['RS256'],
        audience: options.clientId,
        issuer: GOOGLE_ISSUERS,
        clockTolerance: CLOCK_TOLERANCE_S,
        requiredClaims: ['sub', 'exp', 'iat'],
      }));
    } catch (err) {
      if (err instanceof joseErrors.JWTExpired) {
        throw new GoogleTokenError('Your Google sign-in has expired. Please try again.');
      }
      if (err instanceof joseErrors.JOSEError && !(err instanceof joseErrors.JWKSTimeout)) {
        throw new GoogleTokenError('Invalid Google token.');
      }
      // the key set could not be fetched: not the person's fault
      throw new GoogleTokenError('Google sign-in is unavailable right now. Please try again later.', 'unavailable');
    }
    // jose checks nbf (with the tolerance) but not an iat in the future: a token "issued" later
    // than now was made with a wrong clock or forged times; refuse it like a not-yet-valid one.
    const latest = Date.now() / 1000 + CLOCK_TOLERANCE_S;
    if ((payload.iat ?? 0) > latest || (payload.nbf ?? 0) > latest) {
      throw new GoogleTokenError('Invalid Google token.');
    }
    const email = typeof payload.email === 'string' ? payload.email.trim().toLowerCase() : '';
    if (!payload.sub || !email) throw new GoogleTokenError('Invalid Google token.');
    if (payload.email_verified !== true && payload.email_verified !== 'true') {
      throw new GoogleTokenError('Your Google e-mail address is not verified.');
    }
    const name = typeof payload.name === 'string' && payload.name.trim() ? payload.name.trim() : email.split('@')[0]!;
    return { sub: payload.sub, email, name: name.slice(0, 255) };
  };
}
