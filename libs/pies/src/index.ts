// Public surface of libs/pies.
export { PiesHttpModule } from './pies-http.module.js';
export { PiesWorkerModule } from './pies-worker.module.js';
export { piesModule } from './pies.module-descriptor.js';
export { splitPie, weightShare, SplitInputError, type SplitCandidate, type SplitSettings, type SplitLine, type SplitResult, type Inclusion, type ExclusionReason } from './domain/split.js';
export { createPie, openPeriod, type NewPie } from './domain/pie-lifecycle.js';
export { closePiePeriod, closePiePeriods, closeJournalKey, EarlierPeriodOpenError, PIE_PERIOD_CLOSED_JOURNAL, type CloseOutcome } from './domain/period-close.js';
export { PERIOD_CLOSED_SUBJECT, PERIOD_ROLLED_OVER_SUBJECT } from './domain/period-closed-email.js';
export { PieCreated, type PieCreatedPayload } from './events/pie-created.event.js';
export { PiePeriodClosed, type PiePeriodClosedPayload } from './events/pie-period-closed.event.js';
export { PieSettingsChanged, type PieSettingsChangedPayload } from './events/pie-settings-changed.event.js';
export { ClosePiePeriod, type ClosePiePeriodPayload } from './jobs/close-pie-period/close-pie-period.job.js';
export { SchedulePeriodCloses } from './jobs/schedule-period-closes/schedule-period-closes.job.js';
