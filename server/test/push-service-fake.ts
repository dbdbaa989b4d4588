import { createDecipheriv, createECDH, createPublicKey, hkdfSync, randomBytes, verify, type ECDH } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for a browser's push service (the Web Push protocol, RFC 8030, with VAPID,
 * RFC 8292, and message encryption, RFC 8291). It checks each request as a push service does:
 * a POST with `Content-Encoding: aes128gcm`, a `TTL` header, `Authorization: vapid t=<JWT>,
 * k=<key>` whose JWT is ES256-signed by that key for this origin (`aud`), expires within 24 hours
 * and names a contact (`sub`), and a body of at most 4096 bytes. A request that fails a check gets
 * a 400 naming the problems; otherwise the answer is 201, or what the test set for that path
 * (410 for an unsubscribed browser, 500 for an outage).
 *
 * It also plays the browser: `subscription()` makes a P-256 key pair and auth secret as a browser
 * does, and `decrypt()` opens a body with that browser's private key.
 */
export interface PushRequest {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  problems: string[];
  status: number;
  /** the VAPID JWT's claims, when it could be read */
  claims?: { aud?: unknown; exp?: unknown; sub?: unknown };
  /** the `k=` key of the Authorization header */
  key?: string;
}

export interface FakeBrowser {
  /** the PushSubscription JSON a browser gives */
  json: { endpoint: string; expirationTime: null; keys: { p256dh: string; auth: string } };
  ecdh: ECDH;
  auth: Buffer;
}

export interface FakePushService {
  origin: string;
  requests: PushRequest[];
  /** a browser subscribed at /push/<name> */
  subscription(name: string): FakeBrowser;
  /** the next `times` requests to this path answer with `status` (410: unsubscribed, 500: outage) */
  answer(path: string, status: number, times?: number): void;
  /** decrypts an aes128gcm body (RFC 8188, RFC 8291) with the browser's keys */
  decrypt(browser: FakeBrowser, body: Buffer): string;
  close(): Promise<void>;
}

const b64url = (b: Buffer) => b.toString('base64url');

/** Checks the VAPID Authorization header; returns its problems and the claims it carries. */
function checkVapid(header: string | undefined, origin: string, problems: string[]) {
  const match = /^vapid t=([A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+), k=([A-Za-z0-9_-]+)$/.exec(header ?? '');
  if (!match) {
    problems.push('Authorization is not "vapid t=<JWT>, k=<key>"');
    return {};
  }
  const [, jwt, key] = match as unknown as [string, string, string];
  const [head, payload, signature] = jwt.split('.') as [string, string, string];
  const raw = Buffer.from(key, 'base64url');
  if (raw.length !== 65 || raw[0] !== 4) {
    problems.push('k is not an uncompressed P-256 public key');
    return { key };
  }
  const publicKey = createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: b64url(raw.subarray(1, 33)), y: b64url(raw.subarray(33)) },
    format: 'jwk',
  });
  const headerJson = JSON.parse(Buffer.from(head, 'base64url').toString()) as { alg?: string; typ?: string };
  if (headerJson.alg !== 'ES256') problems.push(`JWT alg is ${headerJson.alg}, not ES256`);
  const signed = verify(
    'sha256',
    Buffer.from(`${head}.${payload}`),
    { key: publicKey, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!signed) problems.push('JWT signature does not verify with k');
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as {
    aud?: unknown;
    exp?: unknown;
    sub?: unknown;
  };
  if (claims.aud !== origin) problems.push(`JWT aud is ${String(claims.aud)}, not ${origin}`);
  const nowSeconds = Math.floor(Date.now() / 1000);
  if (typeof claims.exp !== 'number' || claims.exp <= nowSeconds || claims.exp > nowSeconds + 24 * 3600) {
    problems.push('JWT exp is not within the next 24 hours');
  }
  if (typeof claims.sub !== 'string' || !/^(mailto:|https:)/.test(claims.sub)) problems.push('JWT sub is missing');
  return { claims, key };
}

export async function startFakePushService(): Promise<FakePushService> {
  const requests: PushRequest[] = [];
  const answers = new Map<string, { status: number; times: number }>();
  let origin = '';

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const problems: string[] = [];
      if (req.method !== 'POST') problems.push(`method is ${req.method}, not POST`);
      if (req.headers['content-encoding'] !== 'aes128gcm') problems.push('Content-Encoding is not aes128gcm');
      if (!/^\d+$/.test(String(req.headers.ttl ?? ''))) problems.push('TTL header is missing');
      if (body.length > 4096) problems.push(`body is ${body.length} bytes, more than 4096`);
      if (body.length < 16 + 4 + 1 + 65 + 17) problems.push('body is too short for an aes128gcm record');
      const { claims, key } = checkVapid(req.headers.authorization, origin, problems);
      const path = req.url ?? '/';
      const set = answers.get(path);
      let status = problems.length ? 400 : 201;
      if (!problems.length && set && set.times > 0) {
        status = set.status;
        set.times -= 1;
      }
      requests.push({ path, headers: req.headers, body, problems, status, claims, key });
      res.writeHead(status, { 'content-type': 'text/plain' });
      res.end(problems.join('\n'));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    origin,
    requests,
    subscription(name) {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16);
      return {
        json: {
          endpoint: `${origin}/push/${name}`,
          expirationTime: null,
          keys: { p256dh: b64url(ecdh.getPublicKey()), auth: b64url(auth) },
        },
        ecdh,
        auth,
      };
    },
    answer(path, status, times = 1) {
      answers.set(path, { status, times });
    },
    decrypt(browser, body) {
      // RFC 8188 header: salt (16) | record size (4) | key id length (1) | key id (the sender's public key)
      const salt = body.subarray(0, 16);
      const idLength = body[20]!;
      const senderKey = body.subarray(21, 21 + idLength);
      const record = body.subarray(21 + idLength);
      // RFC 8291 section 3.4: the input keying material from the ECDH secret and the auth secret
      const shared = browser.ecdh.computeSecret(senderKey);
      const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), browser.ecdh.getPublicKey(), senderKey]);
      const ikm = Buffer.from(hkdfSync('sha256', shared, browser.auth, keyInfo, 32));
      const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
      const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
      const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
      decipher.setAuthTag(record.subarray(record.length - 16));
      const plain = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
      // the last record ends with the delimiter 0x02, then any zero padding
      let end = plain.length - 1;
      while (end >= 0 && plain[end] === 0) end -= 1;
      if (plain[end] !== 2) throw new Error('the record has no last-record delimiter');
      return plain.subarray(0, end).toString('utf8');
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((err) => (err ? reject(err) : resolve()));
        server.closeAllConnections();
      }),
  };
}
