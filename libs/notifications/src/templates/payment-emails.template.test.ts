import { describe, expect, it } from 'vitest';
import { paymentFailedMessage, paymentReceiptMessage, pieCancelledMessage, PAYMENT_FAILED_SUBJECT, PAYMENT_RECEIPT_SUBJECT } from './payment-emails.template.js';

describe('the fan’s payment mails', () => {
  it('a receipt names the amount, each fee, what goes to artists, the period, the receipt number and links to the pie', () => {
    const mail = paymentReceiptMessage({
      to: 'fia@example.test',
      firstName: 'Fia',
      invoiceId: 'in_123',
      grossCents: 1000,
      processorFeeCents: 59,
      platformFeeCents: 100,
      toArtistsCents: 841,
      periodStart: '2026-10-01T09:00:00Z',
      periodEnd: '2026-10-31T09:00:00Z',
      paidAt: '2026-10-01T09:00:05Z',
      pieLink: 'http://localhost:3000/pie',
    });
    expect(mail.to).toBe('fia@example.test');
    expect(mail.subject).toBe(`${PAYMENT_RECEIPT_SUBJECT}: $10.00 for Oct 1, 2026 – Oct 31, 2026`);
    expect(mail.text).toContain('We charged your card $10.00 for your pie period Oct 1, 2026 – Oct 31, 2026.');
    for (const line of ['Paid: $10.00', 'Card processing fee (Stripe): \u2212$0.59', 'Pie’s fee: \u2212$1.00', 'For your artists: $8.41', 'Paid on: Oct 1, 2026', 'Receipt number: in_123']) {
      expect(mail.text).toContain(line);
    }
    expect(mail.text).toContain('the $8.41 is split among the artists you listened to');
    expect(mail.text).toContain('See your pie: http://localhost:3000/pie');
    expect(mail.html).toContain('href="http://localhost:3000/pie"');
    expect(mail.html).toContain('<td style="padding:6px 0;border-bottom:1px solid #eee;text-align:right;white-space:nowrap">$8.41</td>');
  });

  it('a cancellation says the day the pie ends, that nothing more is charged, and how to keep it', () => {
    const mail = pieCancelledMessage({
      to: 'fia@example.test',
      firstName: 'Fia',
      endsAt: '2026-11-14T10:00:00Z',
      pieLink: 'http://localhost:3000/pie',
      billingLink: 'http://localhost:3000/settings#billing',
    });
    expect(mail.subject).toBe('Your pie is cancelled: it ends on Nov 14, 2026');
    expect(mail.text).toContain('It stays active until Nov 14, 2026, the end of the period you already paid for');
    expect(mail.text).toContain('You will not be charged again.');
    expect(mail.text).toContain('Keep your pie in the billing portal before Nov 14, 2026: http://localhost:3000/settings#billing');
    expect(mail.text).toContain('See your pie: http://localhost:3000/pie');
  });

  it('a failed renewal gives the amount, Stripe’s reason and the link that opens the billing portal', () => {
    const mail = paymentFailedMessage({ to: 'fia@example.test', firstName: 'Fia', amountCents: 1000, reason: 'Your card was declined.', fixCardLink: 'http://localhost:3000/settings?billing=fix-card#billing' });
    expect(mail.subject).toBe(PAYMENT_FAILED_SUBJECT);
    expect(mail.text).toContain('We could not charge your card $10.00 for your next pie period (Your card was declined.). Your pie is past due');
    expect(mail.text).toContain('Fix your card: http://localhost:3000/settings?billing=fix-card#billing');
    expect(paymentFailedMessage({ to: 'a@b.c', firstName: 'A', amountCents: 500, reason: null, fixCardLink: 'x' }).text).toContain('$5.00 for your next pie period. Your pie');
  });
});
