import type { Readable } from 'node:stream';
import {
  ApiErrorSchema,
  endpoints,
  HtmlStatementWriter,
  localWallClock,
  XmlStatementWriter,
  type StatementWriter,
} from '@vortex/core';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type pg from 'pg';
import { authOf } from '../../http/authorize.js';
import { route } from '../../http/endpoint-route.js';
import { openStatement } from './reports.service.js';
import { statementStream, utf16leWithBom, utf8 } from './statement-body.js';
import {
  STATEMENT_CONTROLS,
  StatementGate,
  statementMessages as msg,
  type StatementControls,
} from './statement-controls.js';

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
 * Each holds a connection while it streams, so a user gets two at once, the instance a few, and
 * a stream its client stops reading is ended (statement-controls.ts).
 */
export const reportsRoutes =
  (deps: { pool: pg.Pool; controls?: Partial<StatementControls> }): FastifyPluginAsync =>
  async (app) => {
    const c: StatementControls = { ...STATEMENT_CONTROLS, ...deps.controls };
    const gate = new StatementGate(c);
    const responses = { responses: { 429: ApiErrorSchema, 503: ApiErrorSchema } };

    /** The statement's bytes, or the refusal already sent; the gate's turn ends with the stream. */
    async function statementBody(
      userId: number,
      request: Parameters<typeof openStatement>[2],
      reply: FastifyReply,
      writer: StatementWriter,
      encode: (text: string) => Buffer,
      now: number,
    ): Promise<Readable | undefined> {
      const turn = gate.enter(userId);
      if (turn === 'user-busy') {
        await reply.code(429).send({ success: false, error: msg.userBusy });
        return undefined;
      }
      if (turn === 'server-busy') {
        await reply
          .code(503)
          .header('retry-after', String(c.retryAfterS))
          .send({ success: false, error: msg.serverBusy });
        return undefined;
      }
      try {
        const open = await openStatement(deps.pool, userId, request, now);
        return await statementStream(open, writer, encode, { stallMs: c.stallMs, onEnd: turn });
      } catch (err) {
        turn();
        throw err;
      }
    }

    route(
      app,
      endpoints.reports.statementHtml,
      async (req, reply) => {
        const now = Date.now();
        // The bytes the terminal writes (UTF-16 LE with BOM): the downloaded file is its report.
        const body = await statementBody(
          authOf(req).user.id,
          req.body,
          reply,
          new HtmlStatementWriter(),
          utf16leWithBom(),
          now,
        );
        if (!body) return reply;
        return reply
          .header('content-type', 'text/html; charset=utf-16le')
          .header('content-disposition', `inline; filename="mt5_statement_${fileStamp(now)}.html"`)
          .header('content-security-policy', HTML_CSP)
          .header('cache-control', 'no-store')
          .send(body);
      },
      responses,
    );

    route(
      app,
      endpoints.reports.statementXml,
      async (req, reply) => {
        const now = Date.now();
        const body = await statementBody(
          authOf(req).user.id,
          req.body,
          reply,
          new XmlStatementWriter(),
          utf8,
          now,
        );
        if (!body) return reply;
        return reply
          .header('content-type', 'application/vnd.ms-excel; charset=utf-8')
          .header(
            'content-disposition',
            `attachment; filename="mt5_statement_${fileStamp(now)}.xml"`,
          )
          .header('cache-control', 'no-store')
          .send(body);
      },
      responses,
    );
  };
