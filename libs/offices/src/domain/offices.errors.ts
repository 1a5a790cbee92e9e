import { BadRequestException, ConflictException, ForbiddenException, NotFoundException } from '@nestjs/common';

/** A foreign office answers exactly like a missing one: nobody learns another office exists. */
export const officeNotFound = () => new NotFoundException({ message: 'No office with this id' });
export const memberNotFound = () => new NotFoundException({ message: 'No member with this id in this office' });
export const adminOnly = () => new ForbiddenException({ message: 'Only an office admin can do this' });
export const lastAdmin = () =>
  new ConflictException({ message: 'An office needs at least one admin. Make another member an admin first.' });
export const alreadyMember = () =>
  new ConflictException({ message: 'This person is already a member of the office', errors: { email: ['Already a member'] } });
export const invitationInvalid = () => new BadRequestException({ message: 'This invitation link is not valid', errors: { token: ['This invitation link is not valid'] } });
export const invitationExpired = () =>
  new BadRequestException({ message: 'This invitation has expired. Ask the office admin to send a new one.', errors: { token: ['This invitation has expired'] } });
export const invitationUsed = () => new ConflictException({ message: 'This invitation has already been accepted' });
export const invitationForSomeoneElse = () =>
  new ForbiddenException({ message: 'This invitation was sent to another e-mail address. Sign in with that address to accept it.' });
export const notInvited = () => new NotFoundException({ message: 'No pending invitation for this e-mail address' });
export const noOfficeToRename = () =>
  new BadRequestException({ message: 'You are an admin of several offices: say which one with officeId', errors: { officeId: ['Required when you are an admin of several offices'] } });
