export * from './api-envelope.js';
export * from './error-codes.js';
export * from './identity.js';
export * from './identity-limits.js';
export * from './listening.js';
export * from './listening-limits.js';
export * from './pies.js';
