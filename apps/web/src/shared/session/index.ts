export * from './session.slice';
export { RequireSession, type RequireSessionProps, type SessionQuery } from './RequireSession';
export { RedirectIfSignedIn, type RedirectIfSignedInProps } from './RedirectIfSignedIn';
