export * from './messages.js';
export * from './results.js';
