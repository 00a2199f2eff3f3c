export * from './mt5-records.schema.js';
export * from './agent-protocol.schema.js';
export * from './pairing.schema.js';
export * from './status.schema.js';
export * from './admin.schema.js';
export * from './events.schema.js';
export * from './operations.schema.js';
export * from './claim-freshness.js';
