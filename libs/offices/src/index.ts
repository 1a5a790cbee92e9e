// Public surface of libs/offices.
export { OfficesHttpModule } from './offices-http.module.js';
export { officesModule } from './offices.module-descriptor.js';
// Facade for synchronous reads by other modules (claims, pies, payouts): who belongs to an office, with which role.
export {
  membershipOf,
  membershipsOf,
  officeMembers,
  assignedArtistIds,
  canWorkOnArtist,
  requireMember,
  requireAdmin,
  type Membership,
} from './domain/office-access.js';
export { createOfficeFor, officeCard, officeAdminContacts, mailOfficeAdmins, softDeleteOffice, type OfficeAdminContact } from './domain/offices.js';
export { adminOnly, officeNotFound } from './domain/offices.errors.js';
export { INVITATION_LIFETIME_MS } from './domain/invitation-token.js';
// Facade for the admin back office.
export { adminOfficesPage, adminOffice, officesOfUser, countOffices, officeNames, type AdminOfficeRow } from './domain/admin-offices.js';
