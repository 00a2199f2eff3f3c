export * from './bars.schema.js';
export * from './aggregate-bars.js';
export * from './win-series.js';
