import { describe, expect, it } from 'vitest';
import { PromotionFingerprinter } from './promotions.js';

describe('PromotionFingerprinter', () => {
  const prints = new PromotionFingerprinter('secret');

  it('knows a person again by the same mailbox or the same provider account', () => {
    expect(prints.email('fan@example.com')).toEqual(prints.email('fan@example.com'));
    expect(prints.provider('spotify', 'abc')).toEqual(prints.provider('spotify', 'abc'));
    expect(prints.email('fan@example.com').kind).toBe('email');
    expect(prints.provider('spotify', 'abc').kind).toBe('provider');
  });

  it('never mixes up an address with a provider account, or one provider with another', () => {
    expect(prints.provider('spotify', 'fan@example.com').fingerprint).not.toBe(prints.email('fan@example.com').fingerprint);
    expect(prints.provider('google', 'abc').fingerprint).not.toBe(prints.provider('spotify', 'abc').fingerprint);
  });

  it('keeps no address readable: the stored value is keyed by the secret', () => {
    const stored = prints.email('fan@example.com').fingerprint;
    expect(stored).not.toContain('fan');
    expect(new PromotionFingerprinter('another secret').email('fan@example.com').fingerprint).not.toBe(stored);
  });
});
