import { describe, expect, it } from 'vitest';
import { looksLikeKenyanMobile } from './phone';

describe('looksLikeKenyanMobile', () => {
  it.each(['0712345678', '0712 345 678', '+254 712 345 678', '254712345678', '0110-123-456'])('accepts %s', (n) =>
    expect(looksLikeKenyanMobile(n)).toBe(true),
  );
  it.each(['12345', '0812345678', '+1 212 555 0100', 'phone'])('refuses %s', (n) =>
    expect(looksLikeKenyanMobile(n)).toBe(false),
  );
});
