export * from './api-envelope.js';
export * from './error-codes.js';
export * from './identity.js';
export * from './identity-limits.js';
export * from './listening.js';
export * from './listening-limits.js';
export * from './artist-area.js';
export * from './sign-in-errors.js';
