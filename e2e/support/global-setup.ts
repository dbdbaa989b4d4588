import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startMailbox } from './mailbox';
import { ensureWebBuilt, startShop } from './shop';

/**
 * One shop for the whole run: a real SMTP server (the mailbox) and the production server
 * pointed at it. Tests find them through E2E_BASE_URL and E2E_MAILBOX.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  ensureWebBuilt({ rebuildIfStale: true });
  const mailboxDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mtumba-mailbox-'));
  const mailbox = await startMailbox(mailboxDir);
  const shop = await startShop({ MAIL_URL: `smtp://127.0.0.1:${mailbox.port}` });
  process.env.E2E_BASE_URL = shop.url;
  process.env.E2E_MAILBOX = mailboxDir;
  process.env.E2E_SMTP_PORT = String(mailbox.port);
  // the shop's SQLite file, for journeys that must set a date the shop itself would take days to reach
  process.env.E2E_DATA_DIR = shop.dataDir;
  return async () => {
    await shop.stop();
    await mailbox.close();
    fs.rmSync(mailboxDir, { recursive: true, force: true });
  };
}
