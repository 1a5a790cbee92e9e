// Public surface of libs/pies.
export { PiesHttpModule } from './pies-http.module.js';
export { PiesWorkerModule } from './pies-worker.module.js';
export { piesModule } from './pies.module-descriptor.js';
export { splitPie, weightShare, SplitInputError, type SplitCandidate, type SplitSettings, type SplitLine, type SplitResult, type Inclusion, type ExclusionReason } from './domain/split.js';
export { createPie, openPeriod, type NewPie } from './domain/pie-lifecycle.js';
export { finishPiesIfOver } from './domain/pie-finish.js';
export { closePiePeriod, closePiePeriods, closeJournalKey, lockFanCloses, EarlierPeriodOpenError, type CloseOutcome } from './domain/period-close.js';
export { PERIOD_CLOSED_SUBJECT, PERIOD_NOTHING_TO_SPLIT_SUBJECT, PERIOD_ROLLED_OVER_SUBJECT } from './domain/period-closed-email.js';
export * from './events.js';
export { ClosePiePeriod, type ClosePiePeriodPayload } from './jobs/close-pie-period/close-pie-period.job.js';
export { SchedulePeriodCloses } from './jobs/schedule-period-closes/schedule-period-closes.job.js';
// Facade for the admin back office.
export { fansWithLivePie, livePieCount, piesOfFan, allocationsByArtistAndFan, artistsInLivePies, periodWindows } from './domain/admin-pies.js';
// Facade for a fan's impact (admin's read model of it): a closed period's scope, a public pie's fan.
export { closedPeriodOfFan, pieOwner } from './domain/impact-reads.js';
