import { api } from './api-client';

/**
 * On sign-out: this browser stops getting the account's notifications (a shared phone must not
 * show the next person the last one's orders). Quiet when the browser has no push subscription or
 * no service worker; a failure never stops the sign-out.
 */
export async function forgetPushSubscription(): Promise<void> {
  try {
    if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
    const registration = await navigator.serviceWorker.getRegistration();
    const subscription = await registration?.pushManager?.getSubscription();
    if (!subscription) return;
    await api.delete('/push/subscriptions', { endpoint: subscription.endpoint });
    await subscription.unsubscribe();
  } catch {
    // the server forgets a browser that unsubscribed at its next push (404/410)
  }
}
