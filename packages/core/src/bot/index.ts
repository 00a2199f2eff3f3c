export * from './messages.js';
export * from './fields.js';
export * from './config.schema.js';
export * from './stored-config.js';
export * from './api.schema.js';
export * from './control.schema.js';
export * from './risk.js';
export * from './contract-hint.js';
