import type { Config } from '../../config.js';
import type { Db } from '../../db/database.js';
import type { DomainEvents } from '../../lib/events.js';
import type { PaymentProvider } from './providers/provider.js';
import type { paymentRepository } from './repository.js';

export interface PaymentLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/** What both halves of the payment service (initiation and notifications) work with. */
export interface PaymentContext {
  db: Db;
  config: Config;
  events: DomainEvents;
  log: PaymentLog;
  provider: PaymentProvider;
  repo: ReturnType<typeof paymentRepository>;
}
