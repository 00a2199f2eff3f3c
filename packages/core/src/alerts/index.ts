export * from './messages.js';
export * from './config.schema.js';
export * from './api.schema.js';
export * from './alert-text.js';
