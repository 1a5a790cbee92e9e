import type { OfficeRole } from '#pie/contracts';

/**
 * The last-admin rule: an office always keeps an active admin (someone who can invite, assign and
 * be paid for it). A change to one member breaks it when that member is an active admin, stops
 * being one (removed: `roleAfter` null, or given another role), and no other active admin is left.
 * Invited members who have not joined yet do not count either way.
 */
export function leavesOfficeWithoutAdmin(member: { role: OfficeRole; status: string }, roleAfter: OfficeRole | null, activeAdmins: number): boolean {
  const wasActiveAdmin = member.role === 'admin' && member.status === 'active';
  return wasActiveAdmin && roleAfter !== 'admin' && activeAdmins <= 1;
}
