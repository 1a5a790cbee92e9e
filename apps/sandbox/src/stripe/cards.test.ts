import { describe, expect, it } from 'vitest';
import { stripeCardFee, testCard } from './cards.js';

describe('stripeCardFee', () => {
  it('is 2.9% rounded to the cent (halves up) plus 30¢', () => {
    expect(stripeCardFee(1000)).toBe(59); // 29 + 30
    expect(stripeCardFee(500)).toBe(45); // 14.5 → 15, + 30
    expect(stripeCardFee(100)).toBe(33); // 2.9 → 3, + 30
    expect(stripeCardFee(1234)).toBe(66); // 35.786 → 36, + 30
    expect(stripeCardFee(100_000)).toBe(2930);
    expect(stripeCardFee(1517)).toBe(74); // 43.993 → 44, + 30
  });
});

describe('testCard', () => {
  it('knows the test numbers whatever the spacing, and no others', () => {
    expect(testCard('4242 4242 4242 4242')?.outcome).toBe('succeeds');
    expect(testCard('4000-0000-0000-0002')?.outcome).toBe('declined');
    expect(testCard('4000000000009995')?.outcome).toBe('insufficient_funds');
    expect(testCard('4000000000000341')?.last4).toBe('0341');
    expect(testCard('4111 1111 1111 1111')).toBeUndefined();
  });
});
