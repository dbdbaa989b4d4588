import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderWithProviders } from '@/lib/testing';
import { pushTexts } from '../texts';
import { PushOptIn } from './push-opt-in';

const PUBLIC_KEY = 'BB8kvN01f38Sa77jn4ks4WeWj3I5DpwZSvcAU9czGz-HInSWuDxljykjI-pLwz7VA72rWt9he4uIUkI3Y7jTm0w';
const ENDPOINT = 'https://push.example.com/send/abc';

/** A browser's service worker and push manager, as far as the control uses them. */
function fakeBrowser(options: { permission?: NotificationPermission; subscribed?: boolean; ready?: boolean } = {}) {
  let current: { endpoint: string; toJSON: () => unknown; unsubscribe: () => Promise<boolean> } | null = null;
  const makeSubscription = () => ({
    endpoint: ENDPOINT,
    toJSON: () => ({ endpoint: ENDPOINT, expirationTime: null, keys: { p256dh: 'p', auth: 'a' } }),
    unsubscribe: vi.fn(async () => {
      current = null;
      return true;
    }),
  });
  if (options.subscribed) current = makeSubscription();
  const pushManager = {
    subscribe: vi.fn(async (opts: PushSubscriptionOptionsInit) => {
      void opts;
      current = makeSubscription();
      return current;
    }),
    getSubscription: vi.fn(async () => current),
  };
  const registration = { pushManager };
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: {
      ready: options.ready === false ? new Promise(() => {}) : Promise.resolve(registration),
      getRegistration: async () => registration,
    },
  });
  vi.stubGlobal('PushManager', function PushManager() {});
  vi.stubGlobal(
    'Notification',
    Object.assign(function Notification() {}, { permission: options.permission ?? 'default' }),
  );
  vi.stubGlobal('isSecureContext', true);
  return { pushManager };
}

beforeEach(() => {
  vi.stubGlobal('isSecureContext', true);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

describe('Notify me on this phone', () => {
  it('asks nothing on first view, and subscribes with the shop key only on a tap', async () => {
    const user = userEvent.setup();
    const browser = fakeBrowser();
    const api = mockApi({
      'GET /api/push/public-key': { public_key: PUBLIC_KEY },
      'POST /api/push/subscriptions': { status: 201, body: { subscribed: true, message: pushTexts.on } },
    });
    renderWithProviders(<PushOptIn context="order" />);
    const toggle = await screen.findByLabelText(pushTexts.label);
    await vi.waitFor(() => expect(toggle).toBeEnabled());
    expect(toggle).not.toBeChecked();
    expect(browser.pushManager.subscribe).not.toHaveBeenCalled();

    await user.click(toggle);
    expect(await screen.findByText(pushTexts.on)).toBeInTheDocument();
    expect(toggle).toBeChecked();
    const options = browser.pushManager.subscribe.mock.calls[0]![0];
    expect(options.userVisibleOnly).toBe(true);
    expect(Array.from(options.applicationServerKey as Uint8Array)).toHaveLength(65);
    expect(api.callsTo('POST /api/push/subscriptions')[0]!.body).toEqual({
      endpoint: ENDPOINT,
      expirationTime: null,
      keys: { p256dh: 'p', auth: 'a' },
    });
  });

  it('shows a subscription the server keeps as on, and turns it off on a tap', async () => {
    const user = userEvent.setup();
    fakeBrowser({ subscribed: true });
    const api = mockApi({
      'GET /api/push/public-key': { public_key: PUBLIC_KEY },
      'GET /api/push/subscriptions/status': { subscribed: true },
      'DELETE /api/push/subscriptions': { removed: true, message: pushTexts.off },
    });
    renderWithProviders(<PushOptIn context="account" />);
    const toggle = await screen.findByLabelText(pushTexts.label);
    await vi.waitFor(() => expect(toggle).toBeChecked());
    await user.click(toggle);
    expect(await screen.findByText(pushTexts.off)).toBeInTheDocument();
    expect(toggle).not.toBeChecked();
    expect(api.callsTo('DELETE /api/push/subscriptions')[0]!.body).toEqual({ endpoint: ENDPOINT });
  });

  it('says so honestly when the shopper refuses, and leaves the switch off', async () => {
    const user = userEvent.setup();
    const browser = fakeBrowser();
    browser.pushManager.subscribe.mockRejectedValueOnce(new DOMException('denied', 'NotAllowedError'));
    mockApi({ 'GET /api/push/public-key': { public_key: PUBLIC_KEY } });
    renderWithProviders(<PushOptIn context="admin" />);
    const toggle = await screen.findByLabelText(pushTexts.label);
    await vi.waitFor(() => expect(toggle).toBeEnabled());
    await user.click(toggle);
    expect(await screen.findByRole('alert')).toHaveTextContent(pushTexts.refused);
    expect(toggle).not.toBeChecked();
  });

  it('gives up waiting for a service worker that never starts', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    fakeBrowser({ ready: false });
    mockApi({ 'GET /api/push/public-key': { public_key: PUBLIC_KEY } });
    renderWithProviders(<PushOptIn context="order" />);
    const toggle = await screen.findByLabelText(pushTexts.label);
    await vi.waitFor(() => expect(toggle).toBeEnabled());
    await user.click(toggle);
    await vi.advanceTimersByTimeAsync(6000);
    expect(await screen.findByRole('alert')).toHaveTextContent(pushTexts.notReady);
  });

  it('shows a short sentence instead of the switch where push is not available', () => {
    mockApi({});
    renderWithProviders(<PushOptIn context="order" />);
    expect(screen.queryByLabelText(pushTexts.label)).not.toBeInTheDocument();
    expect(screen.getByTestId('push-unavailable')).toHaveTextContent(pushTexts.unsupported);
  });

  it('tells the shopper where to allow notifications once they are blocked', () => {
    fakeBrowser({ permission: 'denied' });
    mockApi({});
    renderWithProviders(<PushOptIn context="account" />);
    expect(screen.getByTestId('push-unavailable')).toHaveTextContent(pushTexts.blocked);
  });
});
