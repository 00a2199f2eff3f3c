export * from './backup.schema.js';
export * from './messages.js';
export * from './retention.js';
