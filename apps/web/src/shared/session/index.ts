export * from './session.slice';
export { RequireSession, type RequireSessionProps, type SessionQuery } from './RequireSession';
export { RedirectIfSignedIn, type RedirectIfSignedInProps } from './RedirectIfSignedIn';
export { hasSessionHint, writeSessionHint, type SessionArea } from './session-hint';
