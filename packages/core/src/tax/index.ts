export * from './tax-rules.js';
export * from './tax-operations.js';
export * from './tax-days.js';
export * from './tax-months.js';
export * from './compute-taxes.js';
export * from './messages.js';
export * from './tax.schema.js';
export * from './annual-summary.js';
