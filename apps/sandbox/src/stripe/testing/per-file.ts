import { afterAll, beforeAll, beforeEach } from 'vitest';
import { startStripeHarness, type StripeHarness } from './harness.js';

/**
 * One sandbox per test file, reset before each test: `const h = stripeHarnessPerFile();` then
 * `h().stripe`, `h().control`, `h().receiver` inside tests.
 */
export function stripeHarnessPerFile(): () => StripeHarness {
  let harness: StripeHarness | undefined;
  beforeAll(async () => {
    harness = await startStripeHarness();
  });
  afterAll(async () => {
    await harness?.close();
  });
  beforeEach(async () => {
    await harness!.reset();
  });
  return () => {
    if (!harness) throw new Error('The Stripe harness is not started yet (use it inside tests)');
    return harness;
  };
}
