import { useSyncExternalStore } from 'react';

/** A notification kept in this browser (docs/product.md section 3): id, message, timestamp, read. */
export interface AppNotification {
  id: string;
  message: string;
  /** ISO date-time */
  timestamp: string;
  read: boolean;
  /** the order it is about, when there is one (the bell links to it) */
  orderId?: number;
  /** the product it is about (a saved-search match): the bell links to it */
  productId?: number;
}

export const NOTIFICATIONS_KEY = 'notifications';
const CHANGED_EVENT = 'notificationsChanged';
/** Old read ones are cleared when the bell closes; this only guards against a flood of unread ones. */
const MAX_KEPT = 50;

function isNotification(value: unknown): value is AppNotification {
  const n = value as AppNotification;
  return (
    typeof n === 'object' &&
    n !== null &&
    typeof n.id === 'string' &&
    typeof n.message === 'string' &&
    typeof n.timestamp === 'string' &&
    typeof n.read === 'boolean' &&
    (n.orderId === undefined || typeof n.orderId === 'number') &&
    (n.productId === undefined || typeof n.productId === 'number')
  );
}

function parse(raw: string | null): AppNotification[] {
  if (!raw) return [];
  try {
    const list: unknown = JSON.parse(raw);
    return Array.isArray(list) ? list.filter(isNotification) : [];
  } catch {
    return [];
  }
}

export function readNotifications(): AppNotification[] {
  return parse(localStorage.getItem(NOTIFICATIONS_KEY));
}

function write(list: AppNotification[]): void {
  localStorage.setItem(NOTIFICATIONS_KEY, JSON.stringify(list));
  window.dispatchEvent(new Event(CHANGED_EVENT));
}

/**
 * Stores a new unread notification, newest first. The same id is stored once: every open tab of
 * the shop receives the same live event and writes to the same storage.
 */
export function addNotification(notification: Omit<AppNotification, 'read'>): void {
  const list = readNotifications();
  if (list.some((n) => n.id === notification.id)) return;
  write([{ ...notification, read: false }, ...list].slice(0, MAX_KEPT));
}

/** Opening the bell marks every notification read. */
export function markAllNotificationsRead(): void {
  const list = readNotifications();
  if (list.every((n) => n.read)) return;
  write(list.map((n) => (n.read ? n : { ...n, read: true })));
}

/** Closing the bell clears the read ones (those that arrived while it was open stay, unread). */
export function clearReadNotifications(): void {
  const list = readNotifications();
  const unread = list.filter((n) => !n.read);
  if (unread.length !== list.length) write(unread);
}

function subscribe(onChange: () => void): () => void {
  const onStorage = (e: StorageEvent) => {
    if (e.key === null || e.key === NOTIFICATIONS_KEY) onChange();
  };
  window.addEventListener(CHANGED_EVENT, onChange);
  window.addEventListener('storage', onStorage);
  return () => {
    window.removeEventListener(CHANGED_EVENT, onChange);
    window.removeEventListener('storage', onStorage);
  };
}

// The server (and the hydrating render) has none: they fill in after hydration.
const NONE: AppNotification[] = [];
const serverSnapshot = () => NONE;

let cached: { raw: string | null; list: AppNotification[] } | undefined;

function snapshot(): AppNotification[] {
  const raw = localStorage.getItem(NOTIFICATIONS_KEY);
  if (cached?.raw !== raw) {
    const list = parse(raw);
    // No notifications is the server's own empty list, so the hydrated page needs no second render.
    cached = { raw, list: list.length > 0 ? list : NONE };
  }
  return cached.list;
}

/** The stored notifications, newest first, kept in step with this and other tabs. */
export function useNotifications(): AppNotification[] {
  return useSyncExternalStore(subscribe, snapshot, serverSnapshot);
}
