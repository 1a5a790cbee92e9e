// Pies' published events ('#pie/pies/events'): what other modules listen to. They depend on the
// platform only, so billing and payouts can listen to pies without importing its code.
export { PieCreated, type PieCreatedPayload } from './events/pie-created.event.js';
export { PiePeriodClosed, type PiePeriodClosedPayload } from './events/pie-period-closed.event.js';
export { PieSettingsChanged, type PieSettingsChangedPayload } from './events/pie-settings-changed.event.js';
export { PieFinished, type PieFinishedPayload } from './events/pie-finished.event.js';
