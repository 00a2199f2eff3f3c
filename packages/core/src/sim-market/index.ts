// The simulator's market model: pure and seeded (no I/O, no timers, no wall clock), so the bridge's
// simulator and the server's backtests draw the same market from the same seed.
export * from './bars.js';
export * from './instrument.js';
export * from './minute-bars.js';
export * from './price-process.js';
export * from './rng.js';
export * from './session.js';
export * from './tick.js';
