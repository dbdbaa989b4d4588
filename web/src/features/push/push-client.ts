import type { PushPublicKey } from '@mtumba/contract/push';
import { api } from '@/lib/api-client';

/**
 * The browser's side of phone notifications: whether this browser can have them, and turning
 * them on (subscribe, then tell the server) and off. Nothing here asks the shopper anything by
 * itself: `turnOn` runs only from a tap.
 */

export type PushAvailability = 'available' | 'unsupported' | 'insecure' | 'blocked';

/** How long to wait for the service worker before saying it is not there. */
export const READY_TIMEOUT_MS = 5000;

export function pushAvailability(): PushAvailability {
  if (typeof window === 'undefined' || typeof navigator === 'undefined') return 'unsupported';
  if (!('serviceWorker' in navigator) || !('PushManager' in window) || !('Notification' in window)) {
    return 'unsupported';
  }
  if (!window.isSecureContext) return 'insecure';
  if (Notification.permission === 'denied') return 'blocked';
  return 'available';
}

/** The active service worker's registration, or undefined when none is ready within the timeout. */
export async function readyRegistration(timeoutMs = READY_TIMEOUT_MS): Promise<ServiceWorkerRegistration | undefined> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), timeoutMs);
  });
  try {
    return await Promise.race([navigator.serviceWorker.ready, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** The base64url VAPID key as the bytes `applicationServerKey` takes. */
export function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const raw = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

export function fetchPublicKey(): Promise<string> {
  return api.get<PushPublicKey>('/push/public-key').then((r) => r.public_key);
}

/** Whether this browser already has a subscription the server keeps for the signed-in user. */
export async function isOn(): Promise<boolean> {
  const registration = await navigator.serviceWorker.getRegistration();
  const subscription = await registration?.pushManager.getSubscription();
  if (!subscription) return false;
  const status = await api.get<{ subscribed: boolean }>('/push/subscriptions/status', {
    endpoint: subscription.endpoint,
  });
  return status.subscribed;
}

export class PushSetupError extends Error {
  constructor(readonly reason: 'notReady' | 'refused' | 'blocked') {
    super(reason);
    this.name = 'PushSetupError';
  }
}

/** Subscribes this browser (the browser asks the shopper for permission) and tells the server. */
export async function turnOn(publicKey: string): Promise<void> {
  const registration = await readyRegistration();
  if (!registration) throw new PushSetupError('notReady');
  const options = { userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) };
  let subscription: PushSubscription;
  try {
    subscription = await registration.pushManager.subscribe(options);
  } catch (err) {
    if (err instanceof DOMException && err.name === 'NotAllowedError') {
      throw new PushSetupError(Notification.permission === 'denied' ? 'blocked' : 'refused');
    }
    // a subscription made with another key (the shop changed its keys): replace it
    const old = await registration.pushManager.getSubscription();
    if (!old) throw err;
    await old.unsubscribe();
    subscription = await registration.pushManager.subscribe(options);
  }
  await api.post('/push/subscriptions', subscription.toJSON());
}

/** Tells the server to stop, then unsubscribes this browser. */
export async function turnOff(): Promise<void> {
  const registration = await navigator.serviceWorker.getRegistration();
  const subscription = await registration?.pushManager.getSubscription();
  if (!subscription) return;
  await api.delete('/push/subscriptions', { endpoint: subscription.endpoint });
  await subscription.unsubscribe();
}
