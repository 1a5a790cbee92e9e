import { describe, expect, it } from 'vitest';
import { isLivePie, pieStatusFromSubscription, publicPieStatus } from './pie-statuses.js';

describe('pieStatusFromSubscription', () => {
  it('keeps a pie active while its subscription is paid up or in a trial', () => {
    expect(pieStatusFromSubscription('active')).toBe('active');
    expect(pieStatusFromSubscription('trialing')).toBe('active');
  });

  it('marks it past due while Stripe still tries to collect', () => {
    for (const status of ['past_due', 'unpaid', 'incomplete']) expect(pieStatusFromSubscription(status), status).toBe('past_due');
  });

  it('cancels it when Stripe will never charge again', () => {
    expect(pieStatusFromSubscription('canceled')).toBe('canceled');
    expect(pieStatusFromSubscription('incomplete_expired')).toBe('canceled');
  });

  it('leaves the pie alone for a paused subscription or a status it does not know (never ends one itself)', () => {
    expect(pieStatusFromSubscription('paused')).toBeNull();
    expect(pieStatusFromSubscription('something_new')).toBeNull();
    expect(pieStatusFromSubscription('toString')).toBeNull();
    expect(pieStatusFromSubscription('ended')).toBeNull();
  });
});

describe('live pies', () => {
  it('counts active and past-due pies as live, canceled and ended ones not', () => {
    expect(isLivePie('active')).toBe(true);
    expect(isLivePie('past_due')).toBe(true);
    expect(isLivePie('canceled')).toBe(false);
    expect(isLivePie('ended')).toBe(false);
  });

  it('shows other fans a past-due pie as active (a failed payment is the fan’s own business)', () => {
    expect(publicPieStatus('past_due')).toBe('active');
    expect(publicPieStatus('canceled')).toBe('canceled');
    expect(publicPieStatus('ended')).toBe('ended');
  });
});
