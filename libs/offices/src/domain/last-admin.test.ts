import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { leavesOfficeWithoutAdmin } from './last-admin.js';

describe('leavesOfficeWithoutAdmin', () => {
  const soleAdmin = { role: 'admin' as const, status: 'active' };

  it('refuses to remove or demote the only active admin', () => {
    expect(leavesOfficeWithoutAdmin(soleAdmin, null, 1)).toBe(true);
    expect(leavesOfficeWithoutAdmin(soleAdmin, 'member', 1)).toBe(true);
  });

  it('lets it go when another admin is active, when the role stays admin, or for members and invitations', () => {
    expect(leavesOfficeWithoutAdmin(soleAdmin, null, 2)).toBe(false);
    expect(leavesOfficeWithoutAdmin(soleAdmin, 'admin', 1)).toBe(false);
    expect(leavesOfficeWithoutAdmin({ role: 'member', status: 'active' }, null, 1)).toBe(false);
    expect(leavesOfficeWithoutAdmin({ role: 'admin', status: 'invited' }, null, 1)).toBe(false);
  });

  it('keeps at least one active admin after any single change', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('admin' as const, 'member' as const),
        fc.constantFrom('active', 'invited'),
        fc.constantFrom('admin' as const, 'member' as const, null),
        fc.integer({ min: 0, max: 5 }),
        (role, status, roleAfter, otherActiveAdmins) => {
          const member = { role, status };
          const activeAdmins = otherActiveAdmins + (role === 'admin' && status === 'active' ? 1 : 0);
          if (activeAdmins === 0) return; // an office without an active admin is not a state Pie makes
          const adminsAfter = otherActiveAdmins + (roleAfter === 'admin' && status === 'active' ? 1 : 0);
          expect(leavesOfficeWithoutAdmin(member, roleAfter, activeAdmins)).toBe(adminsAfter === 0);
        },
      ),
    );
  });
});
