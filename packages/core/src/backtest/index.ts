export * from './backtest.js';
export * from './bars-csv.js';
export * from './messages.js';
export * from './api.schema.js';
export * from './report.js';
export * from './simulator-source.js';
