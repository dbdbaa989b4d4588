import fs from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import webpush from 'web-push';
import type { Config } from '../../config.js';

/** The VAPID key pair that signs every push, and the shop's contact the push services see. */
export interface Vapid {
  publicKey: string;
  privateKey: string;
  subject: string;
}

function readKept(file: string): { publicKey: string; privateKey: string } | undefined {
  try {
    const value = JSON.parse(fs.readFileSync(file, 'utf8')) as { publicKey?: unknown; privateKey?: unknown };
    if (typeof value.publicKey === 'string' && typeof value.privateKey === 'string') {
      return { publicKey: value.publicKey, privateKey: value.privateKey };
    }
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  return undefined;
}

/**
 * The configured VAPID keys (VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY; production refuses to start
 * without them). Development and tests without them make a pair on first start and keep it in
 * DATA_DIR/vapid-keys.json (owner-only), so the browsers subscribed keep working after a restart.
 */
export function vapidKeys(config: Config, log: FastifyBaseLogger): Vapid {
  const subject = config.push.subject;
  if (config.push.vapid) return { ...config.push.vapid, subject };
  if (config.env === 'production') {
    // loadConfig refuses this already; a caller that skipped it gets the same words
    throw new Error('VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must be set in production');
  }
  const file = config.push.keyFile;
  const kept = readKept(file);
  if (kept) return { ...kept, subject };
  const made = webpush.generateVAPIDKeys();
  fs.mkdirSync(path.dirname(file), { recursive: true });
  try {
    fs.writeFileSync(file, `${JSON.stringify(made, null, 2)}\n`, { mode: 0o600, flag: 'wx' });
  } catch (err) {
    // another instance on the same DATA_DIR made one first: use theirs
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return { ...readKept(file)!, subject };
    throw err;
  }
  log.info({ file }, 'made a VAPID key pair for phone notifications (development; production sets VAPID_* keys)');
  return { ...made, subject };
}
