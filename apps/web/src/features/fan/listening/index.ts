/**
 * The fan's listening screens. The app's route modules (app/routes: dashboard, history,
 * fan-profile, earth, report, artist) import each page from its own file under ./components, so
 * every screen stays its own lazy chunk: import nothing here from a page.
 */
export { listeningApi } from './api/listening.api';
