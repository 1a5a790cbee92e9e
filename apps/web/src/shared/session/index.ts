export * from './session.slice';
