import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ensureWebBuilt, startServerProcess } from '../../server/test/server-process';

export { ensureWebBuilt };

export const ADMIN = { email: 'admin@mtumba.test', password: 'admin-password-123' };
export const CUSTOMER = { email: 'customer@mtumba.test', password: 'customer-password-123' };

export interface RunningShop {
  url: string;
  dataDir: string;
  process: ChildProcess;
  stop(): Promise<void>;
}

/**
 * Starts the real production server (built web app, SQLite in a fresh DATA_DIR, sandbox
 * payments, demo catalogue) and waits until it is ready.
 */
export async function startShop(env: Record<string, string> = {}): Promise<RunningShop> {
  ensureWebBuilt();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mtumba-e2e-'));
  const server = await startServerProcess(
    {
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      REDIS_URL: '',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      DEMO_CUSTOMER_EMAIL: CUSTOMER.email,
      DEMO_CUSTOMER_PASSWORD: CUSTOMER.password,
      AUTH_RATE_LIMIT_PER_MINUTE: '1000',
      RATE_LIMIT_PER_MINUTE: '100000',
      // every journey's browser and prompts come from this machine, to the demo phone numbers
      REALTIME_MAX_CONNECTIONS_PER_IP: '1000',
      MPESA_PROMPTS_PER_PHONE: '1000',
      MPESA_PROMPTS_PER_ACCOUNT: '1000',
      SMS_CODES_PER_PHONE: '1000',
      SMS_CODES_PER_ACCOUNT: '1000',
      MAIL_POLL_INTERVAL_MS: '200',
      PASSWORD_HASH_COST: 'low',
      LOG_LEVEL: 'warn',
      ...env,
    },
    { name: 'the shop' },
  );
  return {
    url: server.url,
    dataDir,
    process: server.child,
    async stop() {
      await server.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
