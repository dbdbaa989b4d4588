import { describe, expect, it, vi } from 'vitest';
import { installPushHandlers, NOTIFICATION_ICON, type PushWorkerScope } from './sw-push';

type Listener = (event: unknown) => void;

function fakeScope(
  windows: { url: string; focus: () => Promise<unknown>; navigate?: (u: string) => Promise<unknown> }[],
) {
  const listeners = new Map<string, Listener>();
  const shown: { title: string; options?: NotificationOptions }[] = [];
  const opened: string[] = [];
  const scope = {
    location: { origin: 'https://shop.example.com' },
    registration: {
      showNotification: async (title: string, options?: NotificationOptions) => {
        shown.push({ title, options });
      },
    },
    clients: {
      matchAll: async () => windows,
      openWindow: async (url: string) => {
        opened.push(url);
        return null;
      },
    },
    addEventListener: (type: string, listener: Listener) => listeners.set(type, listener),
  } as unknown as PushWorkerScope;
  installPushHandlers(scope);
  const fire = async (type: string, event: object) => {
    const waits: Promise<unknown>[] = [];
    listeners.get(type)!({ ...event, waitUntil: (p: Promise<unknown>) => waits.push(p) });
    await Promise.all(waits);
  };
  return { fire, shown, opened };
}

const payload = { title: 'Order #7 is shipped', body: 'On its way.', url: '/orders/7', tag: 'order-7' };

describe('service worker push handlers', () => {
  it('shows the pushed notification with its tag, the shop icon and the page to open', async () => {
    const sw = fakeScope([]);
    await sw.fire('push', { data: { json: () => payload, text: () => JSON.stringify(payload) } });
    expect(sw.shown).toEqual([
      {
        title: 'Order #7 is shipped',
        options: expect.objectContaining({
          body: 'On its way.',
          tag: 'order-7',
          icon: NOTIFICATION_ICON,
          data: { url: '/orders/7' },
        }),
      },
    ]);
  });

  it('still shows something for a push without a readable payload', async () => {
    const sw = fakeScope([]);
    await sw.fire('push', { data: null });
    expect(sw.shown[0]!.title).toBe('Mtumba');
  });

  it('focuses a window already on the page, or opens one; never leaves the shop', async () => {
    const focus = vi.fn(async () => undefined);
    const onPage = fakeScope([{ url: 'https://shop.example.com/orders/7', focus }]);
    const close = vi.fn();
    await onPage.fire('notificationclick', { notification: { data: { url: '/orders/7' }, close } });
    expect(close).toHaveBeenCalled();
    expect(focus).toHaveBeenCalled();
    expect(onPage.opened).toEqual([]);

    const none = fakeScope([]);
    await none.fire('notificationclick', { notification: { data: { url: 'https://evil.example/x' }, close } });
    expect(none.opened).toEqual(['https://shop.example.com/']);
  });
});
