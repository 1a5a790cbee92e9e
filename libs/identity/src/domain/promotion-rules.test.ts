import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { promotionOpenTo, promotionRefusal, type PromotionCandidate } from './promotion-rules.js';

const verifiedFan: PromotionCandidate = { deleted: false, eligible: true, used: false, emailVerified: true, hasEmail: true, linkedProviders: 0 };

describe('promotionRefusal', () => {
  it('lets an enrolled fan with a proven address take the free pie', () => {
    expect(promotionRefusal(verifiedFan)).toBeNull();
  });

  it('refuses a fan who had it, even one no longer marked enrolled', () => {
    expect(promotionRefusal({ ...verifiedFan, used: true })).toBe('used');
    expect(promotionRefusal({ ...verifiedFan, used: true, eligible: false })).toBe('used');
  });

  it('refuses fans who did not come through /try, deleted accounts and unknown fans', () => {
    expect(promotionRefusal({ ...verifiedFan, eligible: false })).toBe('not-eligible');
    expect(promotionRefusal({ ...verifiedFan, deleted: true })).toBe('not-eligible');
    expect(promotionRefusal(null)).toBe('not-eligible');
  });

  it('asks for a proven address before the free pie starts', () => {
    expect(promotionRefusal({ ...verifiedFan, emailVerified: false })).toBe('unverified');
    // A linked provider does not prove an address the fan typed in.
    expect(promotionRefusal({ ...verifiedFan, emailVerified: false, linkedProviders: 2 })).toBe('unverified');
  });

  it('accepts a provider sign-in for an account that has no address at all', () => {
    expect(promotionRefusal({ ...verifiedFan, emailVerified: false, hasEmail: false, linkedProviders: 1 })).toBeNull();
    expect(promotionRefusal({ ...verifiedFan, emailVerified: false, hasEmail: false, linkedProviders: 0 })).toBe('unverified');
  });

  it('only ever hands it to a live, enrolled, unused, verified account', () => {
    const candidate = fc.record({ deleted: fc.boolean(), eligible: fc.boolean(), used: fc.boolean(), emailVerified: fc.boolean(), hasEmail: fc.boolean(), linkedProviders: fc.integer({ min: 0, max: 3 }) });
    fc.assert(
      fc.property(candidate, (fan) => {
        if (promotionRefusal(fan) !== null) return;
        expect(fan.deleted || fan.used || !fan.eligible).toBe(false);
        expect(fan.emailVerified || (!fan.hasEmail && fan.linkedProviders > 0)).toBe(true);
        // What /try showed the fan agrees: a fan who may take it was told it is open to them.
        expect(promotionOpenTo(fan)).toBe(true);
      }),
    );
  });
});

describe('promotionOpenTo', () => {
  it('shows the free pie as open to an enrolled fan until they use it', () => {
    expect(promotionOpenTo({ eligible: true, used: false })).toBe(true);
    expect(promotionOpenTo({ eligible: true, used: true })).toBe(false);
    expect(promotionOpenTo({ eligible: false, used: false })).toBe(false);
  });
});
