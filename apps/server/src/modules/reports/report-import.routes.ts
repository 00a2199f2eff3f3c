import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { endpoints, REPORT_IMPORT_MAX_BYTES } from '@vortex/core';
import type { FastifyPluginAsync } from 'fastify';
import { authOf } from '../../http/authorize.js';
import { route } from '../../http/endpoint-route.js';
import { HttpError } from '../../http/http-error.js';
import { ImportProgressBoard } from './import-progress.js';
import { ImportRefusal } from './import/messages.js';
import { importReport, type ReportImportDeps } from './report-import.service.js';
import { importRouteMessages as msg } from './report-import.messages.js';

/**
 * Counts the bytes as they pass. Past the limit the rest is read and dropped, so the client
 * still gets its 413 (a request cut off mid-upload sees only a reset), up to twice the limit.
 */
function limited(limit: number): { stream: Transform; over: () => boolean } {
  let seen = 0;
  const stream = new Transform({
    transform(chunk: Buffer, _enc, done) {
      seen += chunk.length;
      if (seen > 2 * limit) done(new HttpError(413, msg.tooLarge(limit)));
      else done(null, seen > limit ? undefined : chunk);
    },
  });
  return { stream, over: () => seen > limit };
}

/**
 * POST /api/reports/import: the terminal's own report as the raw request body
 * (application/octet-stream; the stack has no multipart reader), streamed to a temporary file
 * and never held whole, then read into an imported account (issue 16).
 */
export const reportImportRoutes =
  (deps: ReportImportDeps & { maxBytes?: number }): FastifyPluginAsync =>
  async (app) => {
    const maxBytes = deps.maxBytes ?? REPORT_IMPORT_MAX_BYTES;
    const board = new ImportProgressBoard();
    // The body stays a stream for the handler (req.raw); nothing parses or buffers it.
    app.addContentTypeParser('application/octet-stream', (_req, _payload, done) => done(null));

    route(app, endpoints.reports.import, async (req) => {
      const userId = authOf(req).user.id;
      if (req.headers['content-type']?.split(';')[0]?.trim() !== 'application/octet-stream') {
        throw new HttpError(400, msg.noFile);
      }
      const declared = Number(req.headers['content-length'] ?? NaN);
      if (declared > maxBytes) throw new HttpError(413, msg.tooLarge(maxBytes));
      const id = req.query.import_id ?? randomUUID();
      const progress = board.start(id, userId, Number.isFinite(declared) ? declared : 0);
      const dir = await mkdtemp(path.join(tmpdir(), 'vortex-import-'));
      try {
        const file = path.join(dir, 'report');
        const limit = limited(maxBytes);
        await pipeline(req.raw, limit.stream, createWriteStream(file));
        if (limit.over()) throw new HttpError(413, msg.tooLarge(maxBytes));
        return {
          success: true as const,
          data: await importReport(deps, userId, file, {
            targetId: req.query.account_id,
            onProgress: (bytes) => {
              if (progress) progress.bytes = bytes;
            },
            onParsed: () => {
              if (progress) progress.phase = 'storing';
            },
          }),
        };
      } catch (err) {
        if (err instanceof ImportRefusal) throw new HttpError(400, err.message);
        throw err;
      } finally {
        board.finish(id);
        await rm(dir, { recursive: true, force: true });
      }
    });

    route(app, endpoints.reports.importProgress, async (req) => {
      const p = board.of(req.query.import_id, authOf(req).user.id);
      return {
        success: true as const,
        data: p
          ? { phase: p.phase, bytes: p.bytes, total: p.total }
          : { phase: 'unknown' as const, bytes: 0, total: 0 },
      };
    });
  };
