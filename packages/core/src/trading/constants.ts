/** Statistics and trades screens assume this starting balance (spec §9). */
export const INITIAL_BALANCE = 10_000;
/** The dashboard's estimated balance starts from this fixed base (spec §9). */
export const DASHBOARD_BASE_BALANCE = 50_000;
/** Traders are in Brazil: local calendar days default to São Paulo. */
export const DEFAULT_TIME_ZONE = 'America/Sao_Paulo';
/** The hourly chart shows UTC hours 9 to 18, both included. */
export const HOURLY_FIRST_HOUR = 9;
export const HOURLY_LAST_HOUR = 18;
/** The hourly chart looks back at most this many hours. */
export const HOURLY_WINDOW_HOURS = 144;
export const MOVING_AVERAGE_SHORT = 5;
export const MOVING_AVERAGE_LONG = 20;
export const TOP_SYMBOLS = 5;
/** Trades screen: a profit factor above this is shown as ∞. */
export const TRADES_SCREEN_PROFIT_FACTOR_CAP = 999;

export const MS_PER_MINUTE = 60_000;
export const MS_PER_HOUR = 3_600_000;
export const MS_PER_DAY = 86_400_000;
