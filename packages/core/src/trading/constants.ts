/** Statistics' starting balance when the account's balance is unknown (spec §9): an estimate. */
export const INITIAL_BALANCE = 10_000;
/** The equity curve's base when the account's balance is unknown (spec §9): an estimate. */
export const DASHBOARD_BASE_BALANCE = 50_000;
/** Traders are in Brazil: local calendar days default to São Paulo. */
export const DEFAULT_TIME_ZONE = 'America/Sao_Paulo';
/** The hourly chart shows São Paulo hours 9 to 18, both included (the session ends 18:25). */
export const HOURLY_FIRST_HOUR = 9;
export const HOURLY_LAST_HOUR = 18;
/** The hourly chart covers the last 7 calendar days, today included, as the 7-day summary. */
export const HOURLY_WINDOW_DAYS = 7;
export const MOVING_AVERAGE_SHORT = 5;
export const MOVING_AVERAGE_LONG = 20;
export const TOP_SYMBOLS = 5;
/** Trades screen: a profit factor above this is shown as ∞. */
export const TRADES_SCREEN_PROFIT_FACTOR_CAP = 999;

export const MS_PER_MINUTE = 60_000;
export const MS_PER_HOUR = 3_600_000;
export const MS_PER_DAY = 86_400_000;
