import type { FastifyInstance } from 'fastify';
import { bearer } from './identities.js';

/** Every read of a trader's own trading data, as the screens make them. */
export const TRADER_READS = [
  { method: 'GET', url: '/dashboard/stats' },
  { method: 'GET', url: '/dashboard/overview' },
  { method: 'GET', url: '/dashboard/realtime' },
  { method: 'GET', url: '/dashboard/deals?days=30' },
  { method: 'GET', url: '/dashboard/positions' },
  { method: 'GET', url: '/trading/equity-curve' },
  { method: 'GET', url: '/bridge/trades' },
  { method: 'GET', url: '/trading/trades/totals' },
  { method: 'GET', url: '/trading/history-span' },
  { method: 'GET', url: '/api/accounts/all' },
  { method: 'GET', url: '/api/reports/summary' },
  { method: 'POST', url: '/api/reports/mt5/html' },
  { method: 'POST', url: '/api/reports/mt5/xml' },
  { method: 'GET', url: '/api/market/bars?symbol=WINZ25&timeframe=M5' },
  { method: 'GET', url: '/mt5/account_info' },
] as const;

/** The status of each read, by URL, so that a failure names the route that gave it. */
export async function readStatuses(
  app: FastifyInstance,
  token: string,
): Promise<Record<string, number>> {
  const statuses: Record<string, number> = {};
  for (const r of TRADER_READS) {
    const res = await app.inject({
      method: r.method,
      url: r.url,
      headers: bearer(token),
      ...(r.method === 'POST' ? { payload: {} } : {}),
    });
    statuses[r.url] = res.statusCode;
  }
  return statuses;
}

/** What readStatuses answers when every read works. */
export const ALL_READS_OK = Object.fromEntries(TRADER_READS.map((r) => [r.url, 200]));
