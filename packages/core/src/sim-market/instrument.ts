import type { SymbolSpec } from '../market/symbol-spec.schema.js';
import { WIN_CONTRACT } from '../market/symbol-spec.js';

/** What the simulator needs to know about the traded contract. Prices are in index points. */
export interface InstrumentSpec {
  readonly symbol: string;
  readonly tickSize: number;
  /** BRL per point per contract. */
  readonly pointValue: number;
  readonly digits: number;
  readonly contractSize: number;
  readonly volumeMin: number;
  readonly volumeStep: number;
  readonly volumeMax: number;
  /** Day-trade margin in BRL per contract held. */
  readonly marginPerContract: number;
  /** BRL per contract per side (each deal pays it on its whole volume). */
  readonly commissionPerContract: number;
}

/** B3 mini-index future: tick 5 points, R$ 0.20 per point per contract. */
export const WIN_DEFAULTS: Omit<InstrumentSpec, 'symbol'> = {
  tickSize: WIN_CONTRACT.tick,
  pointValue: WIN_CONTRACT.pointValue,
  digits: 0,
  contractSize: 1,
  volumeMin: 1,
  volumeStep: 1,
  volumeMax: 10_000,
  marginPerContract: 100,
  commissionPerContract: WIN_CONTRACT.commissionPerContract,
};

export function winSpec(overrides: Partial<InstrumentSpec> & { symbol: string }): InstrumentSpec {
  return { ...WIN_DEFAULTS, ...overrides };
}

/**
 * The simulator's contract as a terminal states it in its hello: the tick's value is in the
 * account's currency, as MT5's SYMBOL_TRADE_TICK_VALUE is, and so is every profit it computes.
 */
export function symbolSpecOf(spec: InstrumentSpec, currency: string): SymbolSpec {
  return {
    symbol: spec.symbol,
    tick_size: spec.tickSize,
    tick_value: spec.pointValue * spec.tickSize,
    contract_size: spec.contractSize,
    volume_min: spec.volumeMin,
    volume_step: spec.volumeStep,
    currency_profit: currency,
    digits: spec.digits,
  };
}

/** Nearest multiple of the tick; halves round up. */
export function roundToTick(price: number, tickSize = WIN_DEFAULTS.tickSize): number {
  return Math.floor(price / tickSize + 0.5) * tickSize;
}

/** Whether a price is a whole number of ticks (to a float tolerance). */
export function isOnTick(price: number, tickSize = WIN_DEFAULTS.tickSize): boolean {
  return Math.abs(price / tickSize - Math.round(price / tickSize)) < 1e-9;
}
