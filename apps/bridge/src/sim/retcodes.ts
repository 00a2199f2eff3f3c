/** MT5 trade server return codes (MqlTradeResult.retcode) the simulator produces. */
export const RETCODE = {
  DONE: 10009,
  INVALID: 10013,
  INVALID_VOLUME: 10014,
  INVALID_PRICE: 10015,
  INVALID_STOPS: 10016,
  MARKET_CLOSED: 10018,
  NO_MONEY: 10019,
  PRICE_OFF: 10021,
} as const;
export type Retcode = (typeof RETCODE)[keyof typeof RETCODE];

// What a trader reads, so in pt-BR; the codes above are what programs compare.
export const RETCODE_MESSAGES: Readonly<Record<Retcode, string>> = {
  10009: 'Solicitação concluída',
  10013: 'Solicitação inválida',
  10014: 'Volume inválido na solicitação',
  10015: 'Preço inválido na solicitação',
  10016: 'Stops inválidos na solicitação',
  10018: 'Mercado fechado',
  10019: 'Não há dinheiro suficiente para realizar a solicitação',
  10021: 'Não há cotações para processar a solicitação',
};

/** MT5 ENUM_DEAL_REASON values the simulator writes. */
export const DEAL_REASON = { CLIENT: 0, EXPERT: 3, SL: 4, TP: 5, SO: 6 } as const;
export type DealReason = (typeof DEAL_REASON)[keyof typeof DEAL_REASON];

/** MT5 ENUM_ORDER_STATE values the simulator writes to its order history. */
export const ORDER_STATE = { CANCELED: 2, FILLED: 4, REJECTED: 5 } as const;

/** MT5 ENUM_DEAL_TYPE of the balance operations the simulator can write (no symbol, no position). */
export const BALANCE_DEAL_TYPE = {
  BALANCE: 2,
  CREDIT: 3,
  CHARGE: 4,
  CORRECTION: 5,
  BONUS: 6,
} as const;
export type BalanceDealType = (typeof BALANCE_DEAL_TYPE)[keyof typeof BALANCE_DEAL_TYPE];

/** ACCOUNT_MARGIN_MODE: retail netting (one position per symbol) or retail hedging (one per order). */
export const MARGIN_MODE = { netting: 0, hedging: 2 } as const;
export type MarginModeName = keyof typeof MARGIN_MODE;

/** MT5 ENUM_DEAL_ENTRY. */
export const DEAL_ENTRY = { IN: 0, OUT: 1, INOUT: 2 } as const;
export type DealEntryCode = (typeof DEAL_ENTRY)[keyof typeof DEAL_ENTRY];

/** MT5 ENUM_ORDER_TYPE; 0 and 1 are also ENUM_DEAL_TYPE and ENUM_POSITION_TYPE. */
export const ORDER_TYPE = {
  BUY: 0,
  SELL: 1,
  BUY_LIMIT: 2,
  SELL_LIMIT: 3,
  BUY_STOP: 4,
  SELL_STOP: 5,
} as const;
export type OrderTypeName = keyof typeof ORDER_TYPE;
export type OrderTypeCode = (typeof ORDER_TYPE)[OrderTypeName];
export type Side = 0 | 1;

/** The MT5 code of an order type name; undefined for anything else (requests come from JSON). */
export function orderTypeCode(name: string): OrderTypeCode | undefined {
  return Object.hasOwn(ORDER_TYPE, name) ? ORDER_TYPE[name as OrderTypeName] : undefined;
}
