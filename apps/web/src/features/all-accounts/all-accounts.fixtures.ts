import type { AllAccountsData, AllAccountsEntry, AccountPeriodFigures } from '@vortex/core';

const figures = (over: Partial<AccountPeriodFigures>): AccountPeriodFigures => ({
  balance: 0,
  balance_basis: 'account',
  net_profit: 0,
  deposits: 0,
  withdrawals: 0,
  fees: 0,
  total_trades: 0,
  winning_trades: 0,
  win_rate: 0,
  max_drawdown: 0,
  max_drawdown_percent: 0,
  ...over,
});

const base = {
  company: 'Corretora',
  last_hello_at: null,
  last_import: null,
  margin_mode: 'netting',
  first_deal_at: Date.UTC(2025, 0, 6, 13),
  last_deal_at: Date.UTC(2025, 5, 27, 18),
} as const;

/** A live BRL account, current; a BRL account imported from a file; a USD hedging one. */
export const brlLive: AllAccountsEntry = {
  ...base,
  id: 11,
  kind: 'live',
  account_number: 5012345,
  server: 'XPMT5-PRD',
  currency: 'BRL',
  last_hello_at: '2025-06-27T21:00:00.000Z',
  figures: figures({
    balance: 10_420.5,
    net_profit: 920.5,
    deposits: 10_000,
    withdrawals: -500,
    fees: -84.25,
    total_trades: 48,
    winning_trades: 30,
    win_rate: 62.5,
    max_drawdown: 610,
    max_drawdown_percent: 5.61,
  }),
};

export const brlImported: AllAccountsEntry = {
  ...base,
  id: 12,
  kind: 'imported',
  account_number: 7788990,
  server: 'ClearCorretora-PRD',
  currency: 'BRL',
  last_import: {
    at: '2025-06-28T13:05:00.000Z',
    file_name: 'ReportHistory-7788990.html',
    from: Date.UTC(2025, 1, 3, 13),
    to: Date.UTC(2025, 4, 30, 18),
  },
  first_deal_at: Date.UTC(2025, 1, 3, 13),
  last_deal_at: Date.UTC(2025, 4, 30, 18),
  figures: figures({
    balance: 4_210,
    net_profit: -290,
    deposits: 5_000,
    withdrawals: -500,
    fees: -31.5,
    total_trades: 20,
    winning_trades: 9,
    win_rate: 45,
    max_drawdown: 720.4,
    max_drawdown_percent: 14.12,
  }),
};

export const usdHedging: AllAccountsEntry = {
  ...base,
  id: 13,
  kind: 'imported',
  account_number: 541223056,
  server: 'FTMO-Server4',
  currency: 'USD',
  margin_mode: 'hedging',
  last_import: {
    at: '2025-06-20T12:00:00.000Z',
    file_name: 'ReportHistory-541223056.xlsx',
    from: null,
    to: null,
  },
  figures: figures({
    balance: 99_524.23,
    net_profit: -475.77,
    deposits: 100_000,
    fees: -12.4,
    total_trades: 79,
    winning_trades: 41,
    win_rate: 51.9,
    max_drawdown: 1_730,
    max_drawdown_percent: 1.72,
  }),
};

/** A Strategy Tester report of WIN in reais: simulated money, listed apart, never summed. */
export const brlTester: AllAccountsEntry = {
  ...base,
  id: 14,
  kind: 'imported',
  account_number: 0,
  server: 'Testador de Estratégia: volume_candles_20 · WIN$N · M1 · 3cbe9d',
  currency: 'BRL',
  last_import: {
    at: '2025-06-21T12:00:00.000Z',
    file_name: 'ReportTester-RicoDemo-WIN-ptBR.html',
    from: null,
    to: null,
  },
  figures: figures({
    balance: 10_202,
    net_profit: 202,
    deposits: 10_000,
    total_trades: 11,
    winning_trades: 8,
    win_rate: 72.73,
    max_drawdown: 69,
    max_drawdown_percent: 0.68,
  }),
};

const accounts = [brlLive, brlImported, usdHedging, brlTester];

export const brlView: AllAccountsData = {
  from: 0,
  to: Date.UTC(2025, 5, 28),
  current_id: brlLive.id,
  currencies: ['BRL', 'USD'],
  currency: 'BRL',
  accounts,
  total: {
    ...figures({
      balance: 14_630.5,
      net_profit: 630.5,
      deposits: 15_000,
      withdrawals: -1_000,
      fees: -115.75,
      total_trades: 68,
      winning_trades: 39,
      win_rate: 57.35,
      max_drawdown: 1_050,
      max_drawdown_percent: 6.9,
    }),
    accounts: 2,
  },
  curve: [
    { date: '2025-01-06', balance: 10_000 },
    { date: '2025-02-03', balance: 15_120 },
    { date: '2025-06-27', balance: 14_630.5 },
  ],
};

export const usdView: AllAccountsData = {
  ...brlView,
  currency: 'USD',
  total: { ...usdHedging.figures, accounts: 1 },
  curve: [
    { date: '2025-01-06', balance: 100_000 },
    { date: '2025-06-27', balance: 99_524.23 },
  ],
};

export const oneAccountView: AllAccountsData = {
  ...brlView,
  currencies: ['BRL'],
  accounts: [brlLive],
  total: { ...brlLive.figures, accounts: 1 },
};

export const emptyView: AllAccountsData = {
  ...brlView,
  current_id: null,
  currencies: [],
  currency: null,
  accounts: [],
  total: null,
  curve: [],
};
