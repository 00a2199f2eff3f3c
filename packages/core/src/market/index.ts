export * from './bars.schema.js';
export * from './aggregate-bars.js';
export * from './win-series.js';
export * from './symbol-spec.schema.js';
export * from './symbol-spec.js';
