import { randomUUID } from 'node:crypto';
import { rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { ApiErrorSchema, endpoints } from '@vortex/core';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { authOf } from '../../http/authorize.js';
import { route } from '../../http/endpoint-route.js';
import { HttpError } from '../../http/http-error.js';
import { ImportGate } from './import-gate.js';
import { ImportProgressBoard, readDone, readProgress, storeProgress } from './import-progress.js';
import { makeImportDir } from './import-temp.js';
import { ImportLimitRefusal } from './import/limits.js';
import { ImportRefusal } from './import/messages.js';
import { IMPORT_CONTROLS, type ImportControls } from './report-import.controls.js';
import { importRouteMessages as msg } from './report-import.messages.js';
import { takeImportTurn } from './report-import-quota.service.js';
import { importReport, type ReportImportDeps } from './report-import.service.js';
import { receiveUpload, UploadAborted, UploadTimeout, UploadTooLarge } from './upload-receiver.js';

/**
 * Answers a refusal; with the body unread or cut short, `connection: close` frees the socket
 * instead of reading the rest of an upload nobody will use.
 */
function refuse(reply: FastifyReply, status: number, error: string, retryAfterS?: number) {
  if (retryAfterS !== undefined) reply.header('retry-after', String(retryAfterS));
  if (!reply.request.raw.complete) reply.header('connection', 'close');
  return reply.code(status).send({ success: false, error });
}

/** A refusal's status, message and Retry-After seconds. */
type Refusal = [status: number, error: string, retryAfterS?: number];
type Outcome = Refusal | Awaited<ReturnType<typeof importReport>>;

/** What a failed receive or read answers; undefined: an unexpected failure, rethrown. */
function refusalOf(err: unknown, c: ImportControls): Refusal | undefined {
  if (err instanceof UploadTimeout) {
    const ms = err.kind === 'deadline' ? c.deadlineMs : c.idleMs;
    return [408, msg[err.kind](Math.round(ms / 1000))];
  }
  if (err instanceof UploadTooLarge) return [413, msg.tooLarge(c.maxBytes)];
  if (err instanceof UploadAborted) return [400, msg.noFile];
  if ((err as NodeJS.ErrnoException | null)?.code === 'ENOSPC') return [507, msg.noSpace];
  if (err instanceof ImportLimitRefusal) return [413, err.message];
  if (err instanceof ImportRefusal) return [400, err.message];
  return undefined;
}

/**
 * POST /api/reports/import: the terminal's own report as the raw request body
 * (application/octet-stream; the stack has no multipart reader), streamed to a temporary file
 * and never held whole, then read into an imported account (issue 16), under the bounds of
 * issue 25: one import per user at a time and a few an hour, a deadline and an idle timeout on
 * the upload, a few reports read at once, caps on what a report holds (import/limits.ts), and
 * the temp folder removed whatever the outcome.
 */
export const reportImportRoutes =
  (deps: ReportImportDeps & { controls?: Partial<ImportControls> }): FastifyPluginAsync =>
  async (app) => {
    const c: ImportControls = { ...IMPORT_CONTROLS, ...deps.controls };
    const board = new ImportProgressBoard();
    const gate = new ImportGate(c);
    // The body stays a stream for the handler (req.raw); nothing parses or buffers it.
    app.addContentTypeParser('application/octet-stream', (_req, _payload, done) => done(null));
    const responses = { 408: ApiErrorSchema, 429: ApiErrorSchema, 503: ApiErrorSchema };

    route(
      app,
      endpoints.reports.import,
      async (req, reply) => {
        const userId = authOf(req).user.id;
        if (req.headers['content-type']?.split(';')[0]?.trim() !== 'application/octet-stream') {
          throw new HttpError(400, msg.noFile);
        }
        const declared = Number(req.headers['content-length'] ?? NaN);
        if (declared > c.maxBytes) return refuse(reply, 413, msg.tooLarge(c.maxBytes));
        const turn = gate.enter(userId);
        if (turn === 'user-busy') return refuse(reply, 429, msg.userBusy);
        if (turn === 'server-busy') return refuse(reply, 503, msg.serverBusy, c.retryAfterS);
        const id = req.query.import_id ?? randomUUID();
        let dir: string | undefined;
        // Everything is cleaned up before the answer: a client told "refused" finds no temp file.
        const outcome = await (async (): Promise<Outcome> => {
          try {
            const quota = await takeImportTurn(deps.pool, userId, c.perHour);
            if (quota) {
              const minutes = Math.ceil(quota.retryAfterS / 60);
              return [429, msg.perHour(c.perHour, minutes), quota.retryAfterS];
            }
            const progress = board.start(id, userId, Number.isFinite(declared) ? declared : 0);
            dir = await makeImportDir(c.tmpRoot);
            const file = path.join(dir, 'report');
            if (!(await receiveUpload(req.raw, c.openFile(file), c))) {
              return [413, msg.tooLarge(c.maxBytes)];
            }
            // what the reader's bytes run to: the file as received, whatever was declared
            if (progress) progress.total = (await stat(file)).size;
            const release = await gate.readers.take(c.readWaitMs);
            if (!release) return [503, msg.serverBusy, c.retryAfterS];
            try {
              return await importReport(deps, userId, file, {
                targetId: req.query.account_id,
                fileName: req.query.file_name,
                onProgress: (bytes, total) => progress && readProgress(progress, bytes, total),
                onParsed: () => progress && readDone(progress),
                onStored: (rows, of) => progress && storeProgress(progress, rows, of),
              });
            } finally {
              release();
            }
          } catch (err) {
            const refusal = refusalOf(err, c);
            if (!refusal) throw err;
            return refusal;
          } finally {
            board.finish(id, userId);
            if (dir !== undefined) await rm(dir, { recursive: true, force: true });
            turn();
          }
        })();
        if (Array.isArray(outcome)) return refuse(reply, ...outcome);
        return { success: true as const, data: outcome };
      },
      { responses: { ...responses, 507: ApiErrorSchema } },
    );

    route(app, endpoints.reports.importProgress, async (req) => {
      const p = board.of(req.query.import_id, authOf(req).user.id);
      return {
        success: true as const,
        data: p
          ? { phase: p.phase, bytes: p.bytes, total: p.total, percent: p.percent }
          : { phase: 'unknown' as const, bytes: 0, total: 0, percent: null },
      };
    });
  };
