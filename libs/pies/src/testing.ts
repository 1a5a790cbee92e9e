// Test- and script-only surface of libs/pies: imported as '#pie/pies/testing' by test/ and scripts/,
// never by another module (dependency-cruiser refuses it). A pie made and closed without billing's events
// (fixtures, the demo, the close benchmark), and the mails' subjects the tests wait for.
export { createPie, openPeriod } from './domain/pie-lifecycle.js';
export { closePiePeriod, closePiePeriods, closeJournalKey, lockFanCloses, EarlierPeriodOpenError } from './domain/period-close.js';
export { PERIOD_CLOSED_SUBJECT, PERIOD_NOTHING_TO_SPLIT_SUBJECT, PERIOD_ROLLED_OVER_SUBJECT } from './domain/period-closed-email.js';
export { ClosePiePeriod } from './jobs/close-pie-period/close-pie-period.job.js';
export { SchedulePeriodCloses } from './jobs/schedule-period-closes/schedule-period-closes.job.js';
