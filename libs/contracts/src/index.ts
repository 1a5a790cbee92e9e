export * from './api-envelope.js';
export * from './identity.js';
