import { describe, expect, it } from 'vitest';
import { SUBSCRIPTION_STATUSES } from '../events/subscription-status-changed.event.js';
import { blocksAnotherPie, hasEnded, isLive, isPaidUp } from './subscription-statuses.js';

describe('subscription statuses', () => {
  it('treats active and trialing as paid up, and a failing payment as live but not paid up', () => {
    expect(SUBSCRIPTION_STATUSES.filter(isPaidUp)).toEqual(['trialing', 'active']);
    expect(SUBSCRIPTION_STATUSES.filter(isLive)).toEqual(['trialing', 'active', 'past_due']);
  });

  it('calls a subscription ended only when Stripe will never charge it again', () => {
    expect(SUBSCRIPTION_STATUSES.filter(hasEnded)).toEqual(['incomplete_expired', 'canceled']);
    // Unpaid, incomplete and paused may still collect: the pie they pay for is not over.
    for (const status of ['unpaid', 'incomplete', 'paused', 'past_due'] as const) expect(hasEnded(status), status).toBe(false);
  });

  it('never has a status both live and ended, and every paid-up status is live', () => {
    for (const status of SUBSCRIPTION_STATUSES) {
      expect(isLive(status) && hasEnded(status), status).toBe(false);
      if (isPaidUp(status)) expect(isLive(status), status).toBe(true);
    }
  });
});

describe('blocksAnotherPie', () => {
  const now = new Date('2026-06-15T12:00:00Z');
  const paid = { status: 'active', promo: false, current_period_end: new Date('2026-07-01T00:00:00Z') };

  it('refuses a second pie next to a live one, a past-due one included', () => {
    expect(blocksAnotherPie(paid, now)).toBe(true);
    expect(blocksAnotherPie({ ...paid, status: 'past_due' }, now)).toBe(true);
    expect(blocksAnotherPie({ ...paid, status: 'trialing' }, now)).toBe(true);
  });

  it('lets a fan start again once the subscription is canceled, unpaid or never completed', () => {
    for (const status of ['canceled', 'unpaid', 'incomplete', 'incomplete_expired', 'paused']) expect(blocksAnotherPie({ ...paid, status }, now), status).toBe(false);
  });

  it('does not count a free pie whose one period is over, whatever its row still says', () => {
    const freePie = { status: 'active', promo: true, current_period_end: new Date('2026-06-15T12:00:00Z') };
    expect(blocksAnotherPie(freePie, now)).toBe(false);
    expect(blocksAnotherPie({ ...freePie, current_period_end: '2026-06-15T12:00:01Z' }, now)).toBe(true);
    // A paid pie past its period end is still live: Stripe renews it.
    expect(blocksAnotherPie({ ...paid, current_period_end: new Date('2026-06-01T00:00:00Z') }, now)).toBe(true);
  });
});
