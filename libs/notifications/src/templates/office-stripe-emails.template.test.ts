import { describe, expect, it } from 'vitest';
import { payoutSentMessage, stripeDisconnectedMessage, stripeRestrictedMessage, STRIPE_DISCONNECTED_SUBJECT, STRIPE_RESTRICTED_SUBJECT } from './office-stripe-emails.template.js';

const base = { to: 'ari@example.test', firstName: 'Ari', officeName: 'Example Records' };
const settingsLink = 'http://localhost:3000/for-artists/office-settings?office=o-1';

describe('the office’s Stripe mails', () => {
  it('disconnected by a Pie admin or by the account itself: what it means and the way back', () => {
    const byAdmin = stripeDisconnectedMessage({ ...base, by: 'admin', settingsLink });
    expect(byAdmin.subject).toBe(STRIPE_DISCONNECTED_SUBJECT);
    expect(byAdmin.text).toContain('A Pie admin disconnected the Stripe account of your office “Example Records” from Pie.');
    expect(byAdmin.text).toContain('Pie sends no transfers to the account and no payout can be made');
    expect(byAdmin.text).toContain('What to do: open Office settings and connect Stripe again.');
    expect(byAdmin.text).toContain(`Open Office settings: ${settingsLink}`);
    const byStripe = stripeDisconnectedMessage({ ...base, by: 'stripe', settingsLink });
    expect(byStripe.text).toContain('removed Pie’s access to it');
    expect(byStripe.text).not.toContain('A Pie admin');
  });

  it('restricted: Stripe’s deadline when there is one, and where to continue onboarding', () => {
    const mail = stripeRestrictedMessage({ ...base, deadline: '2026-12-01T12:00:00Z', settingsLink });
    expect(mail.subject).toBe(STRIPE_RESTRICTED_SUBJECT);
    expect(mail.text).toContain('Stripe asks for it by Dec 1, 2026.');
    expect(mail.text).toContain('continue the Stripe onboarding');
    expect(mail.text).toContain(`Open Office settings: ${settingsLink}`);
    expect(stripeRestrictedMessage({ ...base, deadline: null, settingsLink }).text).not.toContain('asks for it by');
  });

  it('a payout sent: the amount, when it should arrive, the payout’s page', () => {
    const mail = payoutSentMessage({ ...base, amountCents: 320_000, arrivalDate: '2026-10-04T00:00:00Z', payoutLink: 'http://localhost:3000/for-artists/funds/payouts/p-1' });
    expect(mail.subject).toBe('A payout is on its way to your bank: $3,200.00');
    expect(mail.text).toContain('Stripe sent $3,200.00 from the Stripe account of your office “Example Records” to its bank account.');
    expect(mail.text).toContain('It should arrive by Oct 4, 2026');
    expect(mail.text).toContain('See the payout: http://localhost:3000/for-artists/funds/payouts/p-1');
    expect(payoutSentMessage({ ...base, amountCents: 100, arrivalDate: null, payoutLink: 'x' }).text).toContain('has not said yet when it will arrive');
  });
});
