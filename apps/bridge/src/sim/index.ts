// The embedded MT5 simulator: pure and deterministic (no I/O, no timers, no wall clock), so the
// bridge adapter, the e2e tests and the backfill all drive the same code with their own clock.
// Its market model (ticks, sessions, bars) lives in core's sim-market.
export * from './account.js';
export * from './backfill.js';
export * from './matching.js';
export * from './money.js';
export * from './orders.js';
export * from './positions.js';
export * from './reference-trader.js';
export * from './retcodes.js';
export * from './simulator.js';
export type { CloseOptions, OrderChange, StopsChange, TradeContext } from './trading.js';
export * from './types.js';
