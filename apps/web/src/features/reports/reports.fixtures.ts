import { endpoints } from '@vortex/core';
import { screen } from '@testing-library/react';
import { vi } from 'vitest';
import { fakeApi, json, type FakeCall } from '../../test/fake-api';
import { renderApp } from '../../test/render-app';
import { seedSession, traderUser } from '../../test/session-fixtures';
import type { ReportsSummary } from './api/get-reports-summary';

/** A week of trades (ReportsSummaryResponseSchema), with hours outside 9–18 to be left out. */
export const summary: ReportsSummary = {
  summary: { total_trades: 42, win_rate: 57.142857, total_pnl: 1234.5, profit_factor: 1.85 },
  trades_by_hour: [
    { hour: 8, count: 3, pnl: 999.99, win_rate: 100 },
    { hour: 9, count: 6, pnl: 310.25, win_rate: 66.666667 },
    { hour: 10, count: 10, pnl: -120.5, win_rate: 40 },
    { hour: 14, count: 12, pnl: 845.75, win_rate: 58.333333 },
    { hour: 18, count: 11, pnl: 199, win_rate: 54.545454 },
    { hour: 19, count: 4, pnl: -777.77, win_rate: 0 },
  ],
  exit_reasons: { SL: 15, TP: 20, '3': 7 },
  daily_pnl: [
    { date: '2026-11-16', pnl: 420 },
    { date: '2026-11-17', pnl: -180.5 },
    { date: '2026-11-18', pnl: 995 },
  ],
};

export const noTrades: ReportsSummary = {
  summary: { total_trades: 0, win_rate: 0, total_pnl: 0, profit_factor: 0 },
  trades_by_hour: [],
  exit_reasons: {},
  daily_pnl: [],
};

export const summaryAnswer = (data: ReportsSummary = summary) => json({ success: true, data });

export const statementHtml =
  '<!DOCTYPE html><html><head><title>Extrato</title></head><body><h1>Relatório MT5</h1></body></html>';
export const statementXml = '<?xml version="1.0"?><Workbook></Workbook>';

export const networkDown = () => Promise.reject(new TypeError('Failed to fetch'));

type Handler = (call: FakeCall, query: URLSearchParams) => Response | Promise<Response>;

/** Logged in as a trader, with a week of data and both statements unless told otherwise. */
export function reportsApi(handlers: Record<string, Handler> = {}) {
  seedSession(traderUser);
  const base: Record<string, Handler> = {
    [`GET ${endpoints.auth.whoami.path}`]: () => json({ success: true, user: traderUser }),
    [`GET ${endpoints.reports.summary.path}`]: () => summaryAnswer(),
    [`POST ${endpoints.reports.statementHtml.path}`]: () =>
      new Response(statementHtml, { headers: { 'Content-Type': 'text/html; charset=utf-8' } }),
    [`POST ${endpoints.reports.statementXml.path}`]: () =>
      new Response(statementXml, { headers: { 'Content-Type': 'application/xml' } }),
    ...handlers,
  };
  const urls: URL[] = [];
  const api = fakeApi(
    Object.fromEntries(
      Object.entries(base).map(([key, handler]) => [
        key,
        (call: FakeCall) => handler(call, (urls.at(-1) ?? new URL('http://x')).searchParams),
      ]),
    ),
  );
  // fakeApi calls the handler synchronously inside fetch, so the last URL is this call's.
  const record = api.fetchMock.getMockImplementation();
  api.fetchMock.mockImplementation(async (input, init) => {
    urls.push(new URL(input instanceof Request ? input.url : String(input)));
    return record ? record(input, init) : json({}, { status: 404 });
  });
  return {
    ...api,
    /** The query strings sent to `path`, in order. */
    queriesTo: (path: string) => urls.filter((u) => u.pathname === path).map((u) => u.searchParams),
  };
}

export async function openReports(path = '/reports') {
  const app = renderApp(path);
  // The first visit loads the route's chunk: give it more than findBy's default second.
  await screen.findByRole(
    'heading',
    { level: 1, name: 'Relatórios de Trading' },
    { timeout: 5000 },
  );
  return app;
}

/**
 * Catches what the screen hands the browser: blob URLs, link downloads and window.open.
 * `popup` is what window.open answers: a tab, or null when the browser blocks it.
 */
export function captureFiles({ popup = 'opens' }: { popup?: 'opens' | 'blocked' } = {}) {
  const blobs = new Map<string, Blob>();
  const downloads: { name: string; blob: Blob | undefined }[] = [];
  const tab = { opener: {} as unknown };
  vi.stubGlobal(
    'URL',
    class extends URL {
      static override createObjectURL(blob: Blob) {
        const url = `blob:reports/${blobs.size + 1}`;
        blobs.set(url, blob);
        return url;
      }
      static override revokeObjectURL() {
        // Nothing to free in tests.
      }
    },
  );
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    downloads.push({ name: this.download, blob: blobs.get(this.href) });
  });
  const open = vi
    .spyOn(window, 'open')
    .mockImplementation(() => (popup === 'opens' ? (tab as unknown as Window) : null));
  return { blobs, downloads, open, tab };
}
