// Public surface of libs/offices.
export { officesModule } from './offices.module-descriptor.js';
// Facade for synchronous reads by other modules (claims, pies, payouts): who belongs to an office, with which role.
export {
  membershipOf,
  membershipsOf,
  assignedArtistIds,
  canWorkOnArtist,
  requireMember,
  requireAdmin,
  type Membership,
} from './domain/office-access.js';
export { createOfficeFor, officeCard, mailOfficeAdmins, softDeleteOffice } from './domain/offices.js';
// Facade for the admin back office.
export { adminOfficesPage, adminOffice, officesOfUser, countOffices, officeNames } from './domain/admin-offices.js';
