import type { Config } from '../../config.js';
import type { Db } from '../../db/database.js';
import type { DomainEvents } from '../../lib/events.js';
import type { KeyedLimit } from '../../lib/limits.js';
import type { PaymentProvider } from './providers/provider.js';
import type { PaymentStore } from './store.js';

export interface PaymentLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/**
 * The limits the payment service keeps (made by `paymentLimits(app)`; shared across instances
 * through Redis): status checks per order, M-Pesa prompts per phone and per account.
 */
export interface PaymentLimits {
  statusChecks: KeyedLimit;
  promptsPerPhone: KeyedLimit;
  promptsPerAccount: KeyedLimit;
}

/** What both halves of the payment service (initiation and notifications) work with. */
export interface PaymentContext {
  db: Db;
  config: Config;
  events: DomainEvents;
  log: PaymentLog;
  provider: PaymentProvider;
  repo: PaymentStore;
  /** absent (a service made without the app, in tests): nothing is limited */
  limits?: PaymentLimits;
}
