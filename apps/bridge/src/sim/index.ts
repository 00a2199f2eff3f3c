// The embedded MT5 simulator: pure and deterministic (no I/O, no timers, no wall clock), so the
// bridge adapter, the e2e tests and the backfill all drive the same code with their own clock.
export * from './account.js';
export * from './backfill.js';
export * from './bars.js';
export * from './instrument.js';
export * from './matching.js';
export * from './money.js';
export * from './orders.js';
export * from './positions.js';
export * from './price-process.js';
export * from './reference-trader.js';
export * from './retcodes.js';
export * from './rng.js';
export * from './session.js';
export * from './simulator.js';
export * from './tick.js';
export type { CloseOptions, OrderChange, StopsChange, TradeContext } from './trading.js';
export * from './types.js';
