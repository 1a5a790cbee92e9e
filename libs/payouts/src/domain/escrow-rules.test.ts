import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { escrowExpires, escrowRecipient } from './escrow-rules.js';

const at = (iso: string) => new Date(iso);
const payee = { officeId: 'office-1', verifiedAt: at('2026-03-01T00:00:00Z') };
const enabled = { status: 'enabled' as const, disconnectedAt: null, reconnectedAt: null };
const requirementsDue = { status: 'requirements_due' as const, disconnectedAt: null, reconnectedAt: null };

describe('escrowRecipient', () => {
  it('sends an artist’s escrow to the office of their successful claim once its account is enabled', () => {
    expect(escrowRecipient(payee, enabled)).toBe('office-1');
  });

  it('keeps the money waiting while no claim succeeded, the office never connected, or Stripe still wants details', () => {
    expect(escrowRecipient(null, enabled)).toBeNull();
    expect(escrowRecipient(payee, null)).toBeNull();
    expect(escrowRecipient(payee, requirementsDue)).toBeNull();
  });

  it('keeps it waiting while an admin has the office disconnected, enabled or not', () => {
    expect(escrowRecipient(payee, { ...enabled, disconnectedAt: at('2026-04-01T00:00:00Z') })).toBeNull();
  });
});

describe('escrowExpires', () => {
  // The window ends now: money (and an office's inability) older than the cutoff has waited it out.
  const cutoff = at('2026-06-01T00:00:00Z');

  it('returns an unclaimed artist’s old escrow to the fans', () => {
    expect(escrowExpires(null, null, cutoff)).toBe(true);
  });

  it('never returns money an office can receive now, however old', () => {
    expect(escrowExpires({ ...payee, verifiedAt: at('2020-01-01T00:00:00Z') }, enabled, cutoff)).toBe(false);
  });

  it('gives a claimed office the whole window from its success to finish onboarding', () => {
    expect(escrowExpires({ ...payee, verifiedAt: at('2026-06-01T00:00:01Z') }, requirementsDue, cutoff)).toBe(false);
    expect(escrowExpires({ ...payee, verifiedAt: at('2026-06-01T00:00:01Z') }, null, cutoff)).toBe(false);
    expect(escrowExpires({ ...payee, verifiedAt: at('2026-05-31T23:59:59Z') }, requirementsDue, cutoff)).toBe(true);
    expect(escrowExpires(payee, requirementsDue, cutoff)).toBe(true);
    expect(escrowExpires(payee, null, cutoff)).toBe(true);
  });

  it('counts the window again from a disconnect, or from the last reconnect', () => {
    const disconnectedLately = { ...enabled, disconnectedAt: at('2026-06-10T00:00:00Z') };
    expect(escrowExpires(payee, disconnectedLately, cutoff)).toBe(false);
    expect(escrowExpires(payee, { ...disconnectedLately, disconnectedAt: at('2026-04-01T00:00:00Z') }, cutoff)).toBe(true);
    // Reconnected lately, Stripe not yet enabled again: the window starts at the reconnect.
    expect(escrowExpires(payee, { ...requirementsDue, reconnectedAt: at('2026-06-05T00:00:00Z') }, cutoff)).toBe(false);
    expect(escrowExpires(payee, { ...requirementsDue, reconnectedAt: at('2026-05-05T00:00:00Z') }, cutoff)).toBe(true);
  });

  it('once expired stays expired as the cutoff moves later, and never for an office able to receive', () => {
    const moment = fc.date({ min: at('2025-01-01T00:00:00Z'), max: at('2027-12-31T00:00:00Z'), noInvalidDate: true });
    const connection = fc.record({
      status: fc.constantFrom('enabled' as const, 'requirements_due' as const),
      disconnectedAt: fc.option(moment, { nil: null }),
      reconnectedAt: fc.option(moment, { nil: null }),
    });
    fc.assert(
      fc.property(moment, fc.option(connection, { nil: null }), moment, fc.integer({ min: 0, max: 400 * 86_400_000 }), (verifiedAt, account, cutoffAt, later) => {
        const claimed = { officeId: 'office-1', verifiedAt };
        const expires = escrowExpires(claimed, account, cutoffAt);
        if (expires) expect(escrowExpires(claimed, account, new Date(cutoffAt.getTime() + later))).toBe(true);
        if (escrowRecipient(claimed, account)) expect(expires).toBe(false);
        // Nothing expires before the window since the claim's success has passed.
        if (verifiedAt.getTime() >= cutoffAt.getTime()) expect(expires).toBe(false);
      }),
    );
  });
});
