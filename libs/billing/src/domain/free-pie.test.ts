import { describe, expect, it } from 'vitest';
import { freePieRefusal } from './free-pie.js';

const now = new Date('2026-06-15T12:00:00Z');
const enrolled = { eligible: true, used: false };

describe('freePieRefusal', () => {
  it('gives the free pie to an enrolled fan with no pie', () => {
    expect(freePieRefusal({ promotion: enrolled, hadFreePie: false, current: null, now })).toBeNull();
  });

  it('never gives it twice: by identity’s flag or by a free pie in billing’s rows', () => {
    expect(freePieRefusal({ promotion: { eligible: true, used: true }, hadFreePie: false, current: null, now })).toBe('used');
    expect(freePieRefusal({ promotion: enrolled, hadFreePie: true, current: null, now })).toBe('used');
  });

  it('gives it only to fans who came through the promotion (a fan unknown to identity included)', () => {
    expect(freePieRefusal({ promotion: { eligible: false, used: false }, hadFreePie: false, current: null, now })).toBe('not-eligible');
    expect(freePieRefusal({ promotion: null, hadFreePie: false, current: null, now })).toBe('not-eligible');
  });

  it('refuses it next to a live paid pie, and allows it after a canceled one', () => {
    const live = { status: 'past_due', promo: false, current_period_end: new Date('2026-07-01T00:00:00Z') };
    expect(freePieRefusal({ promotion: enrolled, hadFreePie: false, current: live, now })).toBe('live-pie');
    expect(freePieRefusal({ promotion: enrolled, hadFreePie: false, current: { ...live, status: 'canceled' }, now })).toBeNull();
  });

  it('tells a fan who already used it so, before anything else', () => {
    const live = { status: 'active', promo: true, current_period_end: new Date('2026-07-01T00:00:00Z') };
    expect(freePieRefusal({ promotion: { eligible: false, used: true }, hadFreePie: true, current: live, now })).toBe('used');
  });
});
