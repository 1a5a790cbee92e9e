// Public surface of libs/pies.
export { piesModule } from './pies.module-descriptor.js';
export { finishPiesIfOver } from './domain/pie-finish.js';
// Facade for the admin back office.
export { livePieFanListing, livePieCount, piesOfFan, allocationsByArtistAndFan, livePieArtistListing, periodWindows } from './domain/admin-pies.js';
// Facade for a fan's impact (admin's read model of it): a closed period's scope, a public pie's fan.
export { closedPeriodOfFan, pieOwner } from './domain/impact-reads.js';
