import {
  DashboardStatsResponseSchema,
  DealsQuerySchema,
  DealsResponseSchema,
  EquityCurveResponseSchema,
  HistorySpanResponseSchema,
  OverviewResponseSchema,
  PositionsResponseSchema,
  RangeQuerySchema,
  RealtimeResponseSchema,
  TradesQuerySchema,
  TradesResponseSchema,
} from '../trading/api.schema.js';
import {
  TradesTotalsQuerySchema,
  TradesTotalsResponseSchema,
} from '../trading/trades-totals.schema.js';
import { defineEndpoint } from './define-endpoint.js';

const tags = ['trading'];

/** The trading screens' reads (trading.md §7); every figure is the caller's own account's. */
export const tradingEndpoints = {
  realtime: defineEndpoint({
    method: 'GET',
    path: '/dashboard/realtime',
    access: 'authenticated',
    tags,
    summary: 'Dados em tempo real do painel',
    response: RealtimeResponseSchema,
  }),
  deals: defineEndpoint({
    method: 'GET',
    path: '/dashboard/deals',
    access: 'authenticated',
    tags,
    summary: 'Deals do período (hoje por padrão)',
    query: DealsQuerySchema,
    response: DealsResponseSchema,
  }),
  overview: defineEndpoint({
    method: 'GET',
    path: '/dashboard/overview',
    access: 'authenticated',
    tags,
    summary: 'Cartões e gráficos do painel',
    query: RangeQuerySchema,
    response: OverviewResponseSchema,
  }),
  stats: defineEndpoint({
    method: 'GET',
    path: '/dashboard/stats',
    access: 'authenticated',
    tags,
    summary: 'Estatísticas do período com o resumo diário',
    query: RangeQuerySchema,
    response: DashboardStatsResponseSchema,
  }),
  positions: defineEndpoint({
    method: 'GET',
    path: '/dashboard/positions',
    access: 'authenticated',
    tags,
    summary: 'Posições abertas e ordens pendentes',
    query: RangeQuerySchema.pick({ no_cache: true, _: true }),
    response: PositionsResponseSchema,
  }),
  equityCurve: defineEndpoint({
    method: 'GET',
    path: '/trading/equity-curve',
    access: 'authenticated',
    tags,
    summary: 'Curva de patrimônio do período (termina no saldo da conta)',
    query: RangeQuerySchema,
    response: EquityCurveResponseSchema,
  }),
  trades: defineEndpoint({
    method: 'GET',
    path: '/bridge/trades',
    access: 'authenticated',
    tags,
    summary: 'Posições fechadas (trades) do período',
    query: TradesQuerySchema,
    response: TradesResponseSchema,
  }),
  tradesTotals: defineEndpoint({
    method: 'GET',
    path: '/trading/trades/totals',
    access: 'authenticated',
    tags,
    summary: 'Totais de todas as posições fechadas do filtro (período e magic)',
    query: TradesTotalsQuerySchema,
    response: TradesTotalsResponseSchema,
  }),
  historySpan: defineEndpoint({
    method: 'GET',
    path: '/trading/history-span',
    access: 'authenticated',
    tags,
    summary: 'Primeiro e último deal da conta atual',
    response: HistorySpanResponseSchema,
  }),
};
