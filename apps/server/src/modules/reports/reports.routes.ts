import { endpoints, HtmlStatementWriter, localWallClock, XmlStatementWriter } from '@vortex/core';
import type { FastifyPluginAsync } from 'fastify';
import type pg from 'pg';
import { authOf } from '../../http/authorize.js';
import { route } from '../../http/endpoint-route.js';
import { openStatement } from './reports.service.js';
import { statementStream, utf16leWithBom, utf8 } from './statement-body.js';

/** '20261122_191500' in São Paulo time, as every time the trader sees; safe in any file system. */
export function fileStamp(now: number): string {
  return localWallClock(now).replace(/-|:/g, '').replace('T', '_');
}

// The page carries its own styles and never a script, even when opened from this answer.
const HTML_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/**
 * POST /api/reports/mt5/html and /xml: the MT5 statement of the caller's current account,
 * written to the response as its rows are read (chunked: its length is known only at the end).
 */
export const reportsRoutes =
  (deps: { pool: pg.Pool }): FastifyPluginAsync =>
  async (app) => {
    route(app, endpoints.reports.statementHtml, async (req, reply) => {
      const now = Date.now();
      const open = await openStatement(deps.pool, authOf(req).user.id, req.body, now);
      // The bytes the terminal writes (UTF-16 LE with BOM): the downloaded file is its report.
      const body = await statementStream(open, new HtmlStatementWriter(), utf16leWithBom());
      return reply
        .header('content-type', 'text/html; charset=utf-16le')
        .header('content-disposition', `inline; filename="mt5_statement_${fileStamp(now)}.html"`)
        .header('content-security-policy', HTML_CSP)
        .header('cache-control', 'no-store')
        .send(body);
    });

    route(app, endpoints.reports.statementXml, async (req, reply) => {
      const now = Date.now();
      const open = await openStatement(deps.pool, authOf(req).user.id, req.body, now);
      const body = await statementStream(open, new XmlStatementWriter(), utf8);
      return reply
        .header('content-type', 'application/vnd.ms-excel; charset=utf-8')
        .header('content-disposition', `attachment; filename="mt5_statement_${fileStamp(now)}.xml"`)
        .header('cache-control', 'no-store')
        .send(body);
    });
  };
