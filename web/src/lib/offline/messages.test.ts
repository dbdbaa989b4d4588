import { afterEach, describe, expect, it } from 'vitest';
import { OFFLINE_TEXT, offlineText } from './messages';

afterEach(() => {
  document.documentElement.lang = 'en';
});

describe('the offline texts', () => {
  it('are made once per language and the same texts are handed out after that', () => {
    expect(offlineText('sw')).toBe(offlineText('sw'));
    expect(offlineText('en')).toBe(offlineText('en'));
    expect(offlineText('en')).not.toBe(offlineText('sw'));
    // reading through the page's texts hands out the kept ones, not a fresh set at every read
    const first = OFFLINE_TEXT.queuedCart;
    expect(OFFLINE_TEXT.queuedCart).toBe(first);
    expect(first).toBe(offlineText('en').queuedCart);
  });

  it('follow the language the page is in when they are read', () => {
    expect(OFFLINE_TEXT.tryAgain).toBe('Try again');
    expect(OFFLINE_TEXT.queuedCart('Kitenge')).toContain('Kitenge');
    document.documentElement.lang = 'sw';
    expect(OFFLINE_TEXT.tryAgain).toBe('Jaribu tena');
    expect(OFFLINE_TEXT.queuedCart).toBe(offlineText('sw').queuedCart);
    document.documentElement.lang = 'en';
    expect(OFFLINE_TEXT.queuedCart).toBe(offlineText('en').queuedCart);
    expect(OFFLINE_TEXT.tryAgain).toBe('Try again');
  });
});
