import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config/app-config.js';
import { retryDelayMs, retryWindowMs } from './retry-policy.js';

describe('the retry policy', () => {
  const config = loadConfig({ DATABASE_URL: 'postgres://pie@127.0.0.1/pie' });
  const policy = { attempts: config.QUEUE_RETRY_ATTEMPTS, baseDelayMs: config.QUEUE_BACKOFF_BASE_MS, maxDelayMs: config.QUEUE_BACKOFF_MAX_MS };

  it('keeps retrying by default for more than a day, so a job outlives a real outage', () => {
    expect(retryWindowMs(policy)).toBeGreaterThan(24 * 3600_000);
    expect(retryWindowMs(policy)).toBeLessThan(48 * 3600_000);
  });

  it('doubles from the base delay and stops growing at the cap', () => {
    expect([1, 2, 3, 4].map((retry) => retryDelayMs(policy, retry))).toEqual([1_000, 2_000, 4_000, 8_000]);
    for (const retry of [13, 20, 39, 500]) {
      const delay = retryDelayMs(policy, retry);
      expect(delay).toBeLessThanOrEqual(3_600_000);
      expect(delay).toBeGreaterThanOrEqual(3_240_000);
    }
  });
});
