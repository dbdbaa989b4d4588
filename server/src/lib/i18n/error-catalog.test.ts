import { describe, expect, it } from 'vitest';
import { findErrorMessages } from '../../../test/error-messages.js';
import { errorCatalogShapes, localiseError, localiseErrorBody } from './index.js';
import { ERRORS_SW } from './errors.sw.js';

/**
 * Message arguments the source scan cannot follow, each with the messages it carries. When a new
 * one appears, the test names it: add it here with its messages (and give them Kiswahili).
 */
const FOLLOWED_BY_HAND: Record<string, string[]> = {
  // GoogleTokenError's messages (accounts/google.ts)
  'src/modules/accounts/service.ts': [
    'Your Google sign-in has expired. Please try again.',
    'Invalid Google token.',
    'Google sign-in is unavailable right now. Please try again later.',
    'Your Google e-mail address is not verified.',
  ],
  // importRefused: the first file error (found by the scan where it is made) or IMPORT_HAS_ERRORS
  'src/modules/catalog/csv-import.ts': [
    'The file has errors: nothing was imported. Fix the rows listed and try again.',
  ],
  // validationError: the first field message and how many more
  'src/modules/catalog/service.ts': [
    'The given data was invalid.',
    '{} (and {} more error)',
    '{} (and {} more errors)',
  ],
  // the offer holds' limit, given by the place-order flow (offers/holds.ts `tooManyHeldItems`, found by the scan)
  'src/modules/orders/place.ts': [],
  // payOnDeliveryRefusal (orders/pay-on-delivery.ts)
  'src/modules/orders/service.ts': [
    'This order is already to be paid on delivery.',
    'Pay on delivery is for orders up to {}. Please pay this order now.',
    'Pay on delivery opens once you have received an order from us (or verified your phone number). Please pay this order now.',
    'You already have an order to pay on delivery (#{}). Please pay this order now, or wait until that one is delivered.',
  ],
  // the failure of starting a payment
  'src/modules/payments/initiation.ts': [
    'Payment initiation failed',
    'We could not send the M-Pesa prompt. Please try again, or pay another way.',
  ],
  // a provider's refusal of a notification (providers/*.ts)
  'src/modules/payments/notifications.ts': [
    'The notification is not valid JSON.',
    'Invalid challenge.',
    'The notification is not readable.',
    'Invalid signature.',
  ],
  // a WebSocket closed by the live-update limits, not an error reply
  'src/modules/realtime/pusher/server.ts': [],
};

/** Sent by a reply of their own or composed by the error handler and the rate limits. */
const SENT_WITHOUT_A_HELPER = [
  'Something went wrong on our side. Please try again.',
  'The request body is not valid JSON.',
  'The request is too large.',
  'Unsupported content type.',
  'The request could not be handled.',
  'The {} field is required.',
  'The {} field is invalid.',
  'Too many requests. Please try again in {} seconds.',
  'Too many verification codes have been sent to this phone.',
  'Too many verification codes have been asked for from this account.',
  'Too many M-Pesa prompts have been sent to this phone.',
  'Too many M-Pesa prompts have been asked for from this account.',
  'Too many live-update connections from your address. Close some tabs or apps of the shop and try again.',
  'File not found.',
];

describe('the Kiswahili catalog of error messages', () => {
  const found = findErrorMessages();
  const shapes = errorCatalogShapes();

  it('has an entry for every message the server can send in an error reply', () => {
    const missing = [...found.patterns, ...SENT_WITHOUT_A_HELPER, ...Object.values(FOLLOWED_BY_HAND).flat()].filter(
      (p) => p !== '{}' && !shapes.has(p),
    );
    expect(missing, 'add these English messages (with {name} for each value) to lib/i18n/errors.sw.ts').toEqual([]);
    expect(found.patterns.size).toBeGreaterThan(250);
  }, 120_000);

  it('follows every message argument, or names it here with its messages', () => {
    const places = found.unresolved.map((u) => u.split(':')[0]!);
    expect(places.filter((p) => !(p in FOLLOWED_BY_HAND))).toEqual([]);
  });

  it('keeps the placeholders of each English key in its Kiswahili, and compiles', () => {
    for (const [english, swahili] of Object.entries(ERRORS_SW)) {
      for (const [, name] of english.matchAll(/\{(\w+)\}/g)) expect(swahili, english).toContain(`{${name}`);
      expect(swahili, english).not.toBe(english);
    }
  });

  it('fills in values, translating the words it knows and nested messages', () => {
    expect(localiseError('sw', 'Only image files are allowed.')).toBe('Faili za picha tu zinaruhusiwa.');
    expect(localiseError('sw', 'The code SALE10 needs items worth at least Ksh 2,000.')).toBe(
      'Msimbo SALE10 unahitaji bidhaa za thamani ya angalau Ksh 2,000.',
    );
    expect(localiseError('sw', 'This order is processing: it cannot be cancelled.')).toBe(
      'Oda hii iko katika hali ya inatayarishwa: haiwezi kughairiwa.',
    );
    expect(
      localiseError('sw', 'Too many verification codes have been sent to this phone. Please try again in 5 minutes.'),
    ).toBe('Misimbo mingi mno ya uthibitisho imetumwa kwa simu hii. Tafadhali jaribu tena baada ya dakika 5.');
    // English, and words the catalog does not know, stay as they are
    expect(localiseError('en', 'Only image files are allowed.')).toBe('Only image files are allowed.');
    expect(localiseError('sw', 'Something only a provider says')).toBe('Something only a provider says');
  });

  it('keeps the reply shape: message, error and field errors', () => {
    const body = { message: 'Order not found.', error: 'Order not found.', errors: { id: ['Order not found.'] }, x: 1 };
    expect(localiseErrorBody('sw', body)).toEqual({
      message: 'Oda haikupatikana.',
      error: 'Oda haikupatikana.',
      errors: { id: ['Oda haikupatikana.'] },
      x: 1,
    });
    expect(localiseErrorBody('en', body)).toBe(body);
  });
});
