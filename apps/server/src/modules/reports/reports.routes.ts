import {
  ApiErrorSchema,
  localWallClock,
  encodeUtf16le,
  Mt5ReportRequestSchema,
  renderStatementHtml,
  renderStatementXml,
} from '@vortex/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type pg from 'pg';
import { z } from 'zod';
import { authOf } from '../../http/authorize.js';
import { statementOf } from './reports.service.js';

const tags = ['reports'];
const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 404: ApiErrorSchema };

/** '20261122_191500' in São Paulo time, as every time the trader sees; safe in any file system. */
export function fileStamp(now: number): string {
  return localWallClock(now).replace(/-|:/g, '').replace('T', '_');
}

// The page carries its own styles and never a script, even when opened from this answer.
const HTML_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/** POST /api/reports/mt5/html and /xml: the MT5 statement of the caller's current account. */
export const reportsRoutes =
  (deps: { pool: pg.Pool }): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/api/reports/mt5/html',
      {
        config: { access: 'authenticated' },
        schema: {
          tags,
          summary: 'Relatório MT5 em HTML',
          body: Mt5ReportRequestSchema,
          response: {
            // bytes, not a string: fastify sends a Buffer as is
            200: z
              .unknown()
              .describe('Página HTML do relatório, em UTF-16 LE com BOM como o terminal'),
            ...errors,
          },
        },
      },
      async (req, reply) => {
        const now = Date.now();
        const model = await statementOf(deps.pool, authOf(req).user.id, req.body, now);
        // The bytes the terminal writes (UTF-16 LE with BOM): the downloaded file is its report.
        return reply
          .header('content-type', 'text/html; charset=utf-16le')
          .header('content-disposition', `inline; filename="mt5_statement_${fileStamp(now)}.html"`)
          .header('content-security-policy', HTML_CSP)
          .header('cache-control', 'no-store')
          .send(Buffer.from(encodeUtf16le(renderStatementHtml(model))));
      },
    );

    app.post(
      '/api/reports/mt5/xml',
      {
        config: { access: 'authenticated' },
        schema: {
          tags,
          summary: 'Relatório MT5 em XML (planilha SpreadsheetML)',
          body: Mt5ReportRequestSchema,
          response: { 200: z.string().describe('Planilha SpreadsheetML'), ...errors },
        },
      },
      async (req, reply) => {
        const now = Date.now();
        const model = await statementOf(deps.pool, authOf(req).user.id, req.body, now);
        return reply
          .header('content-type', 'application/vnd.ms-excel; charset=utf-8')
          .header(
            'content-disposition',
            `attachment; filename="mt5_statement_${fileStamp(now)}.xml"`,
          )
          .header('cache-control', 'no-store')
          .send(renderStatementXml(model));
      },
    );
  };
