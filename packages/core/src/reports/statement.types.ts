import type { Mt5HistoryOrder, Mt5Order, Mt5Position } from '../bridge/mt5-records.schema.js';
import type { Cell } from './cells.js';
import type { StatementLanguage } from './messages.js';
import type { TradeResults } from './results.js';

/** A stored MT5 deal as the statement reads it (the agent's record, time in epoch ms). */
export interface StatementDeal {
  ticket: number;
  order: number;
  position_id: number;
  symbol: string;
  /** MT5 DEAL_TYPE: 0 buy, 1 sell, 2 balance, 3 credit… */
  type: number;
  /** MT5 DEAL_ENTRY: 0 in, 1 out, 2 in/out, 3 out by. */
  entry: number;
  volume: number;
  price: number;
  profit: number;
  commission: number;
  /** DEAL_FEE; deals of agents that never sent it have 0 (or none: 0.00 too). */
  fee?: number;
  swap: number;
  magic: number;
  reason: number;
  comment: string;
  time_msc: number;
}

export interface StatementAccount {
  number: number;
  currency: string;
  server: string;
  company: string;
  /** 'real' or 'demo' (others are shown as given). */
  tradeMode: string;
  /** 'netting' or 'hedging'. */
  marginMode: string;
}

/** The terminal's latest account figures; margin_level in percent. */
export interface StatementAccountFigures {
  balance: number;
  equity: number;
  margin: number;
  free_margin: number;
  margin_level: number;
  profit: number;
}

export interface StatementInput {
  ownerName: string;
  account: StatementAccount;
  /** null when the agent never sent the account figures. */
  figures: StatementAccountFigures | null;
  /** The period, epoch ms, both ends included. */
  from: number;
  to: number;
  generatedAt: number;
  /** The balance when the period starts: every deal before it, summed. */
  startBalance: number;
  /** The deals inside the period, any order. */
  deals: readonly StatementDeal[];
  /**
   * Earlier deals of positions closed inside the period (their openings): they complete the
   * Positions and the Results, as /statistics counts every position closed in the period.
   */
  priorDeals?: readonly StatementDeal[];
  openPositions: readonly Mt5Position[];
  workingOrders: readonly Mt5Order[];
  /**
   * The terminal's history orders of the period (by setup time) and of the period's positions.
   * Undefined for an account whose agent never sent any (an older one): the Orders section is
   * then rebuilt from the deals, and positions show no S / L or T / P.
   */
  historyOrders?: readonly Mt5HistoryOrder[];
  /** SYMBOL_DIGITS by symbol, as the agent reported them; prices of others keep their decimals. */
  symbolDigits?: Readonly<Record<string, number>>;
  /** 'summary' leaves out the tables of positions, orders and deals. */
  reportType: 'full' | 'summary';
  /** IANA zone the times are shown in; São Paulo by default. */
  timeZone?: string;
  /** The labels' language; pt-BR by default. */
  language?: StatementLanguage;
}

export interface StatementColumn {
  label: string;
  numeric: boolean;
  /** The grid columns it spans in the HTML (MT5's Profit spans 2, Comment 3). */
  span?: number;
  /** Written but not shown, as MT5's magic and Cost columns (left out of the spreadsheet). */
  hidden?: boolean;
}

export interface StatementTable {
  kind: 'table';
  key: 'positions' | 'orders' | 'deals' | 'open_positions' | 'working_orders';
  title: string;
  columns: StatementColumn[];
  rows: Cell[][];
  /** A totals line under the rows, as MT5 prints under deals and open positions: `lead` empty grid columns, then the sums. */
  footer: { lead: number; cells: Cell[] } | null;
}

export interface StatementFigure {
  key: string;
  label: string;
  value: Cell;
}

export interface StatementFigures {
  kind: 'figures';
  key: 'summary' | 'results';
  title: string;
  items: StatementFigure[];
}

export type StatementSection = StatementTable | StatementFigures;

/** Renderer-agnostic: the HTML and the SpreadsheetML statements are two views of this. */
export interface StatementModel {
  language: StatementLanguage;
  /** The localised 'Trade History Report'. */
  title: string;
  /** '<login>: <name>', which the terminal puts before the title in <title>. */
  owner: string;
  header: StatementFigure[];
  sections: StatementSection[];
  timeZone: string;
  generatedAt: number;
  /** The figures behind the Results section. */
  results: TradeResults;
}
