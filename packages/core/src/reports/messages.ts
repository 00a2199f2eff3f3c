export {
  MT5_TESTER_RESULT_LABELS,
  statementLabels,
  type StatementLabels,
  type StatementLanguage,
} from './mt5-labels.js';

/**
 * Values the terminal writes untranslated in every language (§3.4 of the research: a pt-BR report
 * still says buy, sell, in, out, filled, balance).
 */
export const mt5Values = {
  dealTypes: {
    0: 'buy',
    1: 'sell',
    2: 'balance',
    3: 'credit',
    4: 'charge',
    5: 'correction',
    6: 'bonus',
    7: 'commission',
  } as Readonly<Record<number, string>>,
  otherDealType: 'balance',
  entries: { 0: 'in', 1: 'out', 2: 'in/out', 3: 'out by' } as Readonly<Record<number, string>>,
  orderTypes: {
    0: 'buy',
    1: 'sell',
    2: 'buy limit',
    3: 'sell limit',
    4: 'buy stop',
    5: 'sell stop',
    6: 'buy stop limit',
    7: 'sell stop limit',
    8: 'close by',
  } as Readonly<Record<number, string>>,
  orderStates: { filled: 'filled', placed: 'placed' },
  /** MT5 ENUM_ORDER_STATE, as the Orders section writes a history order's state. */
  orderStateCodes: {
    0: 'started',
    1: 'placed',
    2: 'canceled',
    3: 'partial',
    4: 'filled',
    5: 'rejected',
    6: 'expired',
    7: 'request add',
    8: 'request modify',
    9: 'request cancel',
  } as Readonly<Record<number, string>>,
  /** A market order's price, as the Orders section writes it. */
  market: 'market',
  hedging: 'Hedge',
  netting: 'Netting',
};

/** The server's texts about statements, in pt-BR. */
export const reportMessages = {
  /** The server's answer when the user has no MT5 account ('Sem Dados Reais'). */
  noAccount: 'Nenhuma conta MT5 pareada: não há dados para o relatório.',
} as const;
