import type { SymbolSpec } from './symbol-spec.schema.js';

/**
 * What the bot and the backtest need of the traded symbol: its price step and the money one
 * point (one unit of price) of one contract is worth.
 */
export interface TradedInstrument {
  symbol: string;
  /** The price step (SYMBOL_TRADE_TICK_SIZE). */
  tick: number;
  /** Money per point per contract: tick value / tick size. */
  pointValue: number;
  /**
   * Commission per contract per side a backtest charges: B3's for WIN and WDO; 0 for any other
   * symbol, as no terminal states it.
   */
  commissionPerContract: number;
  /** Where tick and point value came from: the terminal's specification or B3's contract. */
  source: 'terminal' | 'b3';
}

export interface B3Contract {
  prefix: string;
  tick: number;
  pointValue: number;
  commissionPerContract: number;
}

/**
 * B3's mini contracts, for a terminal that has not stated them (an older agent). Any series and
 * the continuous names (WINZ25, WIN$, WINFUT) share the contract.
 */
// Mini-index: R$ 0.20 a point, moving 5 points; R$ 0.25 a side is the backtest's cost since its
// first version (its results stay as they were).
export const WIN_CONTRACT: B3Contract = {
  prefix: 'WIN',
  tick: 5,
  pointValue: 0.2,
  commissionPerContract: 0.25,
};

// Mini-dollar: US$ 10,000 quoted in reais per US$ 1,000, so R$ 10 a point, moving half a point.
// B3's tariff (weight 0.2 of US$ 0.97, 16 % off for day trades) is about US$ 0.16 a contract:
// R$ 0.90 a side at R$ 5.50 a dollar.
export const WDO_CONTRACT: B3Contract = {
  prefix: 'WDO',
  tick: 0.5,
  pointValue: 10,
  commissionPerContract: 0.9,
};

export const B3_CONTRACTS: readonly B3Contract[] = [WIN_CONTRACT, WDO_CONTRACT];

export const symbolSpecMessages = {
  unknown: (symbol: string) =>
    `Sem a especificação de ${symbol} (tamanho do tick e valor do ponto): conecte o bridge ao MT5 que negocia esse ativo para que ele a informe, ou use WIN ou WDO.`,
} as const;

export const b3ContractOf = (symbol: string): B3Contract | undefined =>
  B3_CONTRACTS.find((c) => symbol.toUpperCase().startsWith(c.prefix));

/** Money per point per contract of a terminal's specification. */
export const pointValueOf = (spec: Pick<SymbolSpec, 'tick_size' | 'tick_value'>): number =>
  spec.tick_value / spec.tick_size;

export type InstrumentResolution =
  { ok: true; instrument: TradedInstrument } | { ok: false; error: string };

/**
 * The instrument of `symbol`: from the terminal's specification when there is one, else B3's
 * contract for WIN and WDO; any other symbol without a specification is refused in pt-BR rather
 * than traded with another contract's figures.
 */
export function resolveInstrument(symbol: string, spec?: SymbolSpec | null): InstrumentResolution {
  const b3 = b3ContractOf(symbol);
  if (spec) {
    return {
      ok: true,
      instrument: {
        symbol,
        tick: spec.tick_size,
        pointValue: pointValueOf(spec),
        commissionPerContract: b3?.commissionPerContract ?? 0,
        source: 'terminal',
      },
    };
  }
  if (!b3) return { ok: false, error: symbolSpecMessages.unknown(symbol) };
  const { tick, pointValue, commissionPerContract } = b3;
  return {
    ok: true,
    instrument: { symbol, tick, pointValue, commissionPerContract, source: 'b3' },
  };
}
