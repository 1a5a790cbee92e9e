import type Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { canReceiveTransfers, connectionStatusOf } from './connected-accounts.js';

const account = (overrides: Partial<Stripe.Account> = {}): Stripe.Account =>
  ({
    id: 'acct_1',
    details_submitted: true,
    payouts_enabled: true,
    capabilities: { transfers: 'active' },
    requirements: { currently_due: [] },
    ...overrides,
  }) as unknown as Stripe.Account;

describe('connectionStatusOf', () => {
  it('calls an account enabled once details, payouts and transfers are all on and nothing is due', () => {
    expect(connectionStatusOf(account())).toBe('enabled');
  });

  it('wants requirements while any one of them is missing', () => {
    expect(connectionStatusOf(account({ details_submitted: false }))).toBe('requirements_due');
    expect(connectionStatusOf(account({ payouts_enabled: false }))).toBe('requirements_due');
    expect(connectionStatusOf(account({ capabilities: { transfers: 'pending' } } as Partial<Stripe.Account>))).toBe('requirements_due');
    expect(connectionStatusOf(account({ requirements: { currently_due: ['external_account'] } } as Partial<Stripe.Account>))).toBe('requirements_due');
  });
});

describe('canReceiveTransfers', () => {
  it('sends money only to an enabled office that no admin disconnected', () => {
    expect(canReceiveTransfers({ status: 'enabled', disconnectedAt: null })).toBe(true);
    expect(canReceiveTransfers({ status: 'enabled', disconnectedAt: new Date() })).toBe(false);
    expect(canReceiveTransfers({ status: 'requirements_due', disconnectedAt: null })).toBe(false);
    expect(canReceiveTransfers(null)).toBe(false);
  });
});
