export * from './balance-operations.js';
export * from './columns.js';
export * from './constants.js';
export * from './daily-stats.js';
export * from './daily-summary.js';
export * from './deal-reason.js';
export * from './deal.schema.js';
export * from './equity-curve.js';
export * from './extra-statistics.js';
export * from './histogram.js';
export * from './hourly.js';
export * from './calendar-window.js';
export * from './last-closed.js';
export * from './market-hours.js';
export * from './messages.js';
export * from './moving-average.js';
export * from './percentile.js';
export * from './position.js';
export * from './positions.js';
export * from './position-book.js';
export * from './profit-factor.js';
export * from './reports-summary.js';
export * from './statistics.js';
export * from './statistics-record.js';
export * from './time.js';
export * from './trades-totals.schema.js';
export * from './zone-clock.js';
export * from './api.schema.js';
export {
  inProgressPositions,
  stepTrip,
  toPosition,
  type RoundTrip,
  type TradeDeal,
} from './round-trip.js';
