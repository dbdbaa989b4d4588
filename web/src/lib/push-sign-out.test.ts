import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from './testing';
import { forgetPushSubscription } from './push-sign-out';

afterEach(() => {
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

describe('sign-out and phone notifications', () => {
  it('removes this browser’s subscription from the account and unsubscribes it', async () => {
    const unsubscribe = vi.fn(async () => true);
    const subscription = { endpoint: 'https://push.example.com/send/1', unsubscribe };
    Object.defineProperty(navigator, 'serviceWorker', {
      configurable: true,
      value: { getRegistration: async () => ({ pushManager: { getSubscription: async () => subscription } }) },
    });
    const api = mockApi({ 'DELETE /api/push/subscriptions': { removed: true, message: 'off' } });
    await forgetPushSubscription();
    expect(api.callsTo('DELETE /api/push/subscriptions')[0]!.body).toEqual({ endpoint: subscription.endpoint });
    expect(unsubscribe).toHaveBeenCalled();
  });

  it('does nothing without a service worker, and never throws', async () => {
    const api = mockApi({});
    await forgetPushSubscription();
    expect(api.calls).toEqual([]);
    Object.defineProperty(navigator, 'serviceWorker', {
      configurable: true,
      value: { getRegistration: async () => Promise.reject(new Error('blocked')) },
    });
    await expect(forgetPushSubscription()).resolves.toBeUndefined();
  });
});
