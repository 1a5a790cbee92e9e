/**
 * The fan's listening screens. The app's router loads each screen lazily from `./routes/*Route`
 * (each exports `Component`): DashboardRoute (/dashboard), HistoryRoute (/history),
 * FanProfileRoute (/user/:userID), EarthRoute (/earth), ReportRoute (/report) behind the fan
 * session, and ArtistRoute (/artist/:id), public. Import nothing here from a route module:
 * that would pull the screens into the first load.
 */
export { listeningApi } from './api/listening.api';
