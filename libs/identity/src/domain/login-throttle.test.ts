import { describe, expect, it } from 'vitest';
import { CAPTCHA_AFTER_FAILURES, loginDelayMs, SLOW_DOWN_AFTER_FAILURES } from './login-throttle.js';

describe('login slow-down', () => {
  it('costs nothing for the first misses, then doubles, capped at a few seconds', () => {
    expect(loginDelayMs(0)).toBe(0);
    expect(loginDelayMs(SLOW_DOWN_AFTER_FAILURES - 1)).toBe(0);
    expect(loginDelayMs(SLOW_DOWN_AFTER_FAILURES)).toBe(200);
    expect(loginDelayMs(SLOW_DOWN_AFTER_FAILURES + 1)).toBe(400);
    expect(loginDelayMs(1_000)).toBe(3_000);
    expect(CAPTCHA_AFTER_FAILURES).toBeGreaterThan(SLOW_DOWN_AFTER_FAILURES);
  });
});
