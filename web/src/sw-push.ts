/**
 * The service worker's push handlers (docs/architecture.md, Push notifications): `push` shows the
 * shop's notification, `notificationclick` brings the shop's window to the notification's page or
 * opens one. The service worker (sw.ts) calls `installPushHandlers(self)`.
 *
 * The types below are the small part of the service worker's global scope this file uses, so it
 * compiles with the web app's DOM library; the real `ServiceWorkerGlobalScope` fits them.
 */

interface ExtendableEventLike {
  waitUntil(promise: Promise<unknown>): void;
}

interface PushEventLike extends ExtendableEventLike {
  readonly data: { json(): unknown; text(): string } | null;
}

interface NotificationEventLike extends ExtendableEventLike {
  readonly notification: { readonly data: unknown; close(): void };
}

interface WindowClientLike {
  readonly url: string;
  focus(): Promise<unknown>;
  navigate?(url: string): Promise<unknown>;
}

export interface PushWorkerScope {
  readonly location: { readonly origin: string };
  readonly registration: {
    showNotification(title: string, options?: NotificationOptions): Promise<void>;
  };
  readonly clients: {
    matchAll(options?: { type?: 'window'; includeUncontrolled?: boolean }): Promise<readonly unknown[]>;
    openWindow(url: string): Promise<unknown>;
  };
  addEventListener(type: 'push', listener: (event: PushEventLike) => void): void;
  addEventListener(type: 'notificationclick', listener: (event: NotificationEventLike) => void): void;
}

/** What the server sends (server/src/modules/push/outbox.ts). */
export interface PushPayload {
  title: string;
  body: string;
  url: string;
  tag: string;
}

export const NOTIFICATION_ICON = '/icons/icon-192.png';
const FALLBACK: PushPayload = { title: 'Mtumba', body: 'There is news about your order.', url: '/', tag: 'mtumba' };

/** The payload of a push, with anything missing or malformed replaced by the fallback's. */
export function readPayload(data: PushEventLike['data']): PushPayload {
  if (!data) return FALLBACK;
  let value: unknown;
  try {
    value = data.json();
  } catch {
    return { ...FALLBACK, body: data.text().slice(0, 240) || FALLBACK.body };
  }
  const v = (value ?? {}) as Partial<Record<keyof PushPayload, unknown>>;
  const text = (x: unknown, fallback: string) => (typeof x === 'string' && x.trim() ? x : fallback);
  return {
    title: text(v.title, FALLBACK.title),
    body: text(v.body, FALLBACK.body),
    url: text(v.url, FALLBACK.url),
    tag: text(v.tag, FALLBACK.tag),
  };
}

/** A URL of this shop for the page to open (a path, or an address on the shop's origin); else the home page. */
export function shopUrl(url: unknown, origin: string): string {
  try {
    const target = new URL(typeof url === 'string' ? url : '/', origin);
    return target.origin === origin ? target.href : `${origin}/`;
  } catch {
    return `${origin}/`;
  }
}

function isWindowClient(c: unknown): c is WindowClientLike {
  return typeof c === 'object' && c !== null && typeof (c as WindowClientLike).focus === 'function';
}

export function installPushHandlers(sw: PushWorkerScope): void {
  sw.addEventListener('push', (event) => {
    const payload = readPayload(event.data);
    event.waitUntil(
      sw.registration.showNotification(payload.title, {
        body: payload.body,
        tag: payload.tag,
        icon: NOTIFICATION_ICON,
        badge: NOTIFICATION_ICON,
        data: { url: payload.url },
      }),
    );
  });

  sw.addEventListener('notificationclick', (event) => {
    event.notification.close();
    const data = event.notification.data as { url?: unknown } | null;
    const target = shopUrl(data?.url, sw.location.origin);
    event.waitUntil(
      (async () => {
        const windows = (await sw.clients.matchAll({ type: 'window', includeUncontrolled: true })).filter(
          isWindowClient,
        );
        const same = windows.find((w) => w.url === target);
        if (same) {
          await same.focus();
          return;
        }
        const shop = windows.find((w) => w.url.startsWith(sw.location.origin));
        if (shop?.navigate) {
          await shop.navigate(target);
          await shop.focus();
          return;
        }
        await sw.clients.openWindow(target);
      })(),
    );
  });
}
