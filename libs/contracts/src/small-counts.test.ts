import { describe, expect, it } from 'vitest';
import { FEWER_THAN_FIVE, maskCount } from './small-counts.js';

describe('maskCount', () => {
  it('answers 1 to 4 as "fewer than 5", and zero and five or more as the number', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 1000].map(maskCount)).toEqual([0, FEWER_THAN_FIVE, FEWER_THAN_FIVE, FEWER_THAN_FIVE, FEWER_THAN_FIVE, 5, 6, 1000]);
    expect(FEWER_THAN_FIVE).toBe('fewer than 5');
  });
});
