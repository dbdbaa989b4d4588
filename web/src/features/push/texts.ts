/**
 * Every word the phone-notification controls show, in one place so they can be translated
 * (docs/product.md, Notifications on this phone).
 */
export const pushTexts = {
  heading: 'Notifications on this phone',
  label: 'Notify me on this phone',
  hint: {
    order: 'Get a notification when this order is paid, shipped or delivered, even with the shop closed.',
    account: 'Order updates, answers to your offers and the alerts you chose above, as notifications on this phone.',
    admin: 'New paid orders, price offers and cancellation requests, as notifications on this phone or computer.',
  },
  on: 'Notifications are on for this phone.',
  off: 'Notifications are off for this phone.',
  working: 'One moment…',
  unsupported:
    'This browser cannot show notifications from the shop. On an iPhone, add the shop to your home screen first, then open it from there.',
  insecure: 'Notifications work only when the shop is opened over https.',
  blocked: 'Notifications are blocked for this site. Allow them in your browser’s site settings, then try again.',
  notReady: 'The shop’s offline helper has not started in this browser yet. Reload the page and try again.',
  refused: 'You did not allow notifications, so none will come.',
  failed: 'Could not turn notifications on. Please try again.',
  offFailed: 'Could not turn notifications off. Please try again.',
} as const;

export type PushContext = keyof typeof pushTexts.hint;
