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
// Commands other modules call in their own transaction (claims: the office a claim wizard or an artist invite makes).
export { createOfficeFor, officeCard, mailOfficeAdmins } from './domain/offices.js';
// The port claims provides: whether an office may close, and what ends with it.
export { OfficeClosing } from './domain/office-closing.js';
// Facade for the admin back office.
export { adminOfficesPage, adminOffice, officesOfUser, countOffices, officeNames } from './domain/admin-offices.js';
