import type { OrderStatus } from './order-states';
import type { PriceOfferStatus } from './price-offer-rules';

/** Socket.IO events, shared by server and web. Rooms: `orders.{userId}` per customer, `admin`. */
export interface ServerToClientEvents {
  'order.status.updated': (payload: { id: number; status: OrderStatus; updated_at: string }) => void;
  'order.created': (payload: { id: number; status: OrderStatus; total_amount: number; created_at: string }) => void;
  'order.paid': (payload: { id: number; status: OrderStatus; updated_at: string }) => void;
  /** to admins: an order was confirmed to be paid on delivery (ready to ship, like a paid one) */
  'order.pay_on_delivery': (payload: {
    id: number;
    status: OrderStatus;
    total_amount: number;
    updated_at: string;
  }) => void;
  'order.cancel_requested': (payload: { id: number; cancel_requested_at: string }) => void;
  /** to the customer: a newly published product fits one of their saved searches */
  'saved_search.matched': (payload: {
    saved_search_id: number | null;
    product_id: number;
    product_name: string;
    matched_at: string;
  }) => void;
  /** one of the customer's payments changed (an M-Pesa prompt was answered): ask for its state */
  'payment.updated': (payload: { order_id: number; reference: string; status: 'pending' | 'paid' | 'failed' }) => void;
  /** to the customer: the shop answered their price offer, or its hold ended (docs/product.md, Make an offer) */
  'offer.updated': (payload: {
    id: number;
    product_id: number;
    status: PriceOfferStatus;
    message: string;
    updated_at: string;
  }) => void;
  /** to admins: an offer was made or changed (the offers badge and list refresh) */
  'offer.changed': (payload: { id: number; status: PriceOfferStatus; updated_at: string }) => void;
}

// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- clients send nothing yet
export interface ClientToServerEvents {}

export const userRoom = (userId: number) => `orders.${userId}`;
export const ADMIN_ROOM = 'admin';
