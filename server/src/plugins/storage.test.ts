import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/helpers.js';
import { uploadFileOf } from './web.js';

let t: TestApp;
let port: number;
const IMAGE = Buffer.from('RIFF\u0000\u0000\u0000\u0000WEBPVP8 fake image bytes');

/** A GET sent byte for byte as written (fetch and inject would tidy up the dots). */
function rawGet(pathname: string): Promise<{ status: number; body: string; headers: http.IncomingHttpHeaders }> {
  return new Promise((resolve, reject) => {
    const request = http.request({ host: '127.0.0.1', port, path: pathname, method: 'GET' }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8'), headers: res.headers }),
      );
    });
    request.on('error', reject);
    request.end();
  });
}

beforeAll(async () => {
  t = await buildTestApp();
  fs.writeFileSync(path.join(t.config.uploadDir, 'abc123-640.webp'), IMAGE);
  fs.writeFileSync(path.join(t.config.dataDir, 'secret.txt'), 'do not serve');
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as { port: number }).port;
});

afterAll(async () => {
  await t.close();
});

describe('product images under /storage (the Laravel public-disk path)', () => {
  it.each(['/storage//uploads/abc123-640.webp', '/storage/uploads/abc123-640.webp', '/storage/abc123-640.webp'])(
    'serves %s like /uploads, with the same caching',
    async (url) => {
      const viaStorage = await t.app.inject({ method: 'GET', url });
      const viaUploads = await t.app.inject({ method: 'GET', url: '/uploads/abc123-640.webp' });
      expect(viaStorage.statusCode).toBe(200);
      expect(viaStorage.rawPayload).toEqual(IMAGE);
      expect(viaStorage.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(viaStorage.headers['cache-control']).toBe(viaUploads.headers['cache-control']);
      expect(viaStorage.headers['content-type']).toBe(viaUploads.headers['content-type']);
    },
  );

  it('answers a missing image with a JSON 404, not the web app', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/storage//uploads/missing-640.webp' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'File not found.' });
  });

  it.each([
    '/storage/../secret.txt',
    '/storage//uploads/../secret.txt',
    '/storage/uploads/..%2fsecret.txt',
    '/storage/%2e%2e/secret.txt',
    '/storage/%2e%2e%2fsecret.txt',
    '/storage/%252e%252e/secret.txt',
    '/storage/..%5csecret.txt',
    '/storage/.%2e/.%2e/secret.txt',
    '/storage/',
  ])('never serves anything outside the uploads folder: %s', async (url) => {
    const res = await rawGet(url);
    expect(res.body).not.toContain('do not serve');
    expect([400, 403, 404]).toContain(res.status);
  });

  it('names only plain files inside the uploads folder', () => {
    expect(uploadFileOf('/uploads/a-640.webp')).toBe('a-640.webp');
    expect(uploadFileOf('uploads/a-640.webp')).toBe('a-640.webp');
    expect(uploadFileOf('a-640.webp')).toBe('a-640.webp');
    for (const bad of ['../a', 'uploads/../../a', '.env', 'a\\..\\b', '', '/', 'uploads/']) {
      expect(uploadFileOf(bad), bad).toBeUndefined();
    }
  });
});
