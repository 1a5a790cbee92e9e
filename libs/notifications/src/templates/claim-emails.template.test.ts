import { describe, expect, it } from 'vitest';
import { claimRejectedMessage, claimVerifiedMessage } from './claim-emails.template.js';

const base = { to: 'ari@example.test', firstName: 'Ari', artistName: 'The Examples', officeName: 'Example Records', claimLink: 'http://localhost:3000/for-artists/claims/c-1' };

describe('the claim result mails', () => {
  it('verified: names the artist and the office, says where the money goes, links to the claim', () => {
    const mail = claimVerifiedMessage(base);
    expect(mail.subject).toBe('Your claim is verified: The Examples');
    expect(mail.text).toContain('Your office “Example Records” is now verified as the office of The Examples on Pie.');
    expect(mail.text).toContain('released to your office as soon as its Stripe account can receive transfers');
    expect(mail.text).toContain('See the claim: http://localhost:3000/for-artists/claims/c-1');
  });

  it('rejected: gives the reason, or says none was given', () => {
    const mail = claimRejectedMessage({ ...base, reason: 'The bio string was not on the profile.' });
    expect(mail.subject).toBe('Your claim was rejected: The Examples');
    expect(mail.text).toContain('The claim of your office “Example Records” on The Examples was rejected.');
    expect(mail.text).toContain('Reason: The bio string was not on the profile.');
    expect(mail.text).toContain('See the claim: http://localhost:3000/for-artists/claims/c-1');
    expect(claimRejectedMessage({ ...base, firstName: null, reason: null }).text).toMatch(/^Hi there,[\s\S]*No reason was given\./);
  });

  it('never lets an office name pose as a link, nor an outside name break the subject', () => {
    const mail = claimVerifiedMessage({ ...base, artistName: 'Line\nBreak', officeName: 'Pay at evil.example' });
    expect(mail.subject).toBe('Your claim is verified: Line Break');
    expect(mail.text).toContain('“Pay at evil[.]example”');
    expect(mail.html).not.toContain('evil.example');
  });
});
