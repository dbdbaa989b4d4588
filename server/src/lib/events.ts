import { EventEmitter } from 'node:events';
import type { OrderStatus, PriceOfferStatus } from '../db/schema.js';

/**
 * Domain events, emitted by services only after their transaction has committed.
 * The realtime plugin forwards them to sockets; other listeners may be added.
 */
export interface DomainEventMap {
  'order.status.updated': { userId: number | null; id: number; status: OrderStatus; updated_at: string };
  'order.created': { userId: number | null; id: number; status: OrderStatus; total_amount: number; created_at: string };
  'order.paid': { userId: number | null; id: number; status: OrderStatus; updated_at: string };
  /** an order was confirmed to be paid on delivery: ready to ship, like a paid one (the admin bell) */
  'order.pay_on_delivery': {
    userId: number | null;
    id: number;
    status: OrderStatus;
    total_amount: number;
    updated_at: string;
  };
  'order.cancel_requested': { userId: number | null; id: number; cancel_requested_at: string };
  /** a provider's confirmed word on a payment was handled (metrics count the outcomes) */
  'payment.settled': {
    orderId: number | null;
    provider: string;
    outcome: 'paid' | 'failed' | 'refund_due' | 'duplicate_payment' | 'refused' | 'already_paid' | 'ignored';
  };
  /** a payment's own state changed (an M-Pesa prompt answered, failed or paid): its owner's screens follow it */
  'payment.updated': {
    userId: number | null;
    orderId: number;
    reference: string;
    status: 'pending' | 'paid' | 'failed';
  };
  /** the sweeper cancelled an unpaid order whose reservation ran out */
  'order.expired': { userId: number | null; id: number };
  /** a newly published product fits one of the customer's saved searches */
  'saved_search.matched': {
    userId: number;
    saved_search_id: number | null;
    product_id: number;
    product_name: string;
    matched_at: string;
  };
  /** the shop answered a customer's price offer, or its hold ended: tells that customer (bell) */
  'offer.updated': {
    userId: number;
    id: number;
    product_id: number;
    status: PriceOfferStatus;
    message: string;
    updated_at: string;
  };
  /** an offer changed in a way the shop's list shows (new, answered, held, expired): admins' badge */
  'offer.changed': { id: number; status: PriceOfferStatus; updated_at: string };
  /** tokens stopped working (logout, password change or reset, account deletion) */
  'auth.tokens.revoked': { userId: number; tokenIds: number[] | 'all' | { allExcept: number } };
}

export type DomainEventName = keyof DomainEventMap;

export class DomainEvents {
  private readonly emitter = new EventEmitter();

  constructor() {
    this.emitter.setMaxListeners(50);
  }

  emit<K extends DomainEventName>(name: K, payload: DomainEventMap[K]): void {
    this.emitter.emit(name, payload);
  }

  on<K extends DomainEventName>(name: K, listener: (payload: DomainEventMap[K]) => void): () => void {
    this.emitter.on(name, listener);
    return () => this.emitter.off(name, listener);
  }
}

/** An event a service decided on inside a transaction, to be emitted once it has committed. */
export type PendingEvent = {
  [K in DomainEventName]: { name: K; payload: DomainEventMap[K] };
}[DomainEventName];

export function emitAll(events: DomainEvents, pending: readonly PendingEvent[]): void {
  for (const e of pending) events.emit(e.name, e.payload as never);
}
