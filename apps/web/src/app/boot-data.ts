/**
 * The app's data layer, for main.tsx's second start-up step (a module of its own: evaluating it,
 * Redux Toolkit and RTK Query is a task of its own, not part of one long task with the rest).
 */
export { startInitialReads } from './initial-reads';
export { makeStore } from './store';
export { installUnauthorizedHandler } from './unauthorized-handler';
