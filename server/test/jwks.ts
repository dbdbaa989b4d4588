import { createServer } from 'node:http';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWTPayload } from 'jose';

export interface GoogleClaims extends JWTPayload {
  email?: string;
  email_verified?: boolean;
  name?: string;
}

export interface TestJwks {
  /** GOOGLE_JWKS_URL for the app */
  url: string;
  /**
   * A Google-like ID token. Defaults: iss https://accounts.google.com, aud = `audience`, an hour
   * of validity; `claims` override them. `foreignKey` signs with a key the JWKS does not hold
   * (same key id), i.e. a bad signature.
   */
  sign(claims: GoogleClaims, options?: { foreignKey?: boolean }): Promise<string>;
  close(): Promise<void>;
}

/** A local JWKS endpoint with a freshly generated RS256 key, standing in for Google's. */
export async function startJwksServer(audience: string): Promise<TestJwks> {
  const kid = 'test-key-1';
  const { publicKey, privateKey } = await generateKeyPair('RS256');
  const foreign = await generateKeyPair('RS256');
  const jwk = { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' };
  const server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ keys: [jwk] }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };

  return {
    url: `http://127.0.0.1:${port}/oauth2/v3/certs`,
    async sign(claims, options = {}) {
      const key: CryptoKey = options.foreignKey ? foreign.privateKey : privateKey;
      const nowSec = Math.floor(Date.now() / 1000);
      const payload: GoogleClaims = {
        iss: 'https://accounts.google.com',
        aud: audience,
        iat: nowSec,
        exp: nowSec + 3600,
        ...claims,
      };
      return new SignJWT(payload).setProtectedHeader({ alg: 'RS256', kid, typ: 'JWT' }).sign(key);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
