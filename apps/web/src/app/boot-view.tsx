/**
 * The app's screens, for main.tsx's third start-up step (a module of its own: evaluating it, the
 * router, Mantine and the shell is a task of its own).
 */
export { AppRoot } from './AppRoot';
export { createAppRouter } from './router';
