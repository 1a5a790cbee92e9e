export * from './session.slice';
export { RequireSession, type RequireSessionProps, type SessionQuery } from './RequireSession';
