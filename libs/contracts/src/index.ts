export * from './api-envelope.js';
export * from './identity.js';
export * from './listening.js';
