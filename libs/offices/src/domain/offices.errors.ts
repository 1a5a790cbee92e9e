import { DomainError } from '#pie/platform';

/** A foreign office answers exactly like a missing one: nobody learns another office exists. */
export const officeNotFound = () => new DomainError('offices.office-not-found', 'not-found', 'No office with this id');
export const memberNotFound = () => new DomainError('offices.member-not-found', 'not-found', 'No member with this id in this office');
export const adminOnly = () => new DomainError('offices.admin-only', 'forbidden', 'Only an office admin can do this');
export const lastAdmin = () => new DomainError('offices.last-admin', 'conflict', 'An office needs at least one admin. Make another member an admin first.');
export const alreadyMember = () =>
  new DomainError('offices.already-member', 'conflict', 'This person is already a member of the office', { email: ['Already a member'] });
export const invitationInvalid = () =>
  new DomainError('offices.invitation-invalid', 'invalid', 'This invitation link is not valid', { token: ['This invitation link is not valid'] });
export const invitationExpired = () =>
  new DomainError('offices.invitation-expired', 'invalid', 'This invitation has expired. Ask the office admin to send a new one.', { token: ['This invitation has expired'] });
export const invitationUsed = () => new DomainError('offices.invitation-used', 'conflict', 'This invitation has already been accepted');
export const invitationForSomeoneElse = () =>
  new DomainError('offices.invitation-for-someone-else', 'forbidden', 'This invitation was sent to another e-mail address. Sign in with that address to accept it.');
export const notInvited = () => new DomainError('offices.not-invited', 'not-found', 'No pending invitation for this e-mail address');
export const noOfficeToRename = () =>
  new DomainError('offices.office-required', 'invalid', 'You are an admin of several offices: say which one with officeId', { officeId: ['Required when you are an admin of several offices'] });
