import type { FastifyInstance } from 'fastify';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import type { WebSocket } from '@fastify/websocket';
import { hostMatcher } from '../../config/allowed-hosts.js';

type Emit = (event: string | symbol, ...args: unknown[]) => boolean;
/** The levels at which Fastify logs each incoming request. */
const REQUEST_LEVELS = new Set(['info', 'debug', 'trace']);

/**
 * An upgrade Fastify answered in HTTP (a 421 from the Host check, before @fastify/websocket's
 * own hook could mark it for closing) left a socket no parser reads: it would stay open, the
 * server unable to close, until written to. Once that answer is sent it is ended.
 */
function endAfterAnswer(socket: Duplex): void {
  const res = (socket as Duplex & { _httpMessage?: ServerResponse | null })._httpMessage;
  if (!res) return;
  res.once('finish', () => {
    if (!socket.destroyed) socket.end(() => socket.destroy());
  });
}

/**
 * Upgrades to `path` itself, by GET, naming a host the API answers to, while the app is not
 * closing, are handed to `ws` at once: routed through Fastify (as @fastify/websocket does) each
 * one cost a placeholder response, a request, a reply, a child logger and every hook, ~15% of
 * an open's CPU, for nothing any of them adds to a 101 (no hook of the API's writes a header
 * there, the route is public and has no query). Any other upgrade, a query string, another
 * Host, HEAD, or one arriving while closing, still goes Fastify's way: its 421, 503 and 400
 * come from the hooks that make them.
 */
export function takeUpgrades(
  app: FastifyInstance,
  opts: { path: string; allowedHosts: readonly string[]; accept: (socket: WebSocket) => void },
): void {
  const server = app.server;
  const wss = app.websocketServer;
  const hostAllowed = hostMatcher(opts.allowedHosts);
  // Every browser of one deployment names the same host: its answer is kept.
  let lastHost: string | undefined;
  let lastAllowed = false;
  let closing = false;
  const log = app.log;

  const take = (req: IncomingMessage, socket: Duplex, head: Buffer): boolean => {
    if (closing || req.url !== opts.path || req.method !== 'GET') return false;
    const host = req.headers.host;
    if (host !== lastHost) {
      lastAllowed = hostAllowed(host);
      lastHost = host;
    }
    if (!lastAllowed) return false;
    if (REQUEST_LEVELS.has(log.level)) {
      log.info(
        { req: { method: req.method, url: req.url, ip: req.socket.remoteAddress } },
        'incoming request',
      );
    }
    wss.handleUpgrade(req, socket, head, opts.accept);
    return true;
  };

  const emit = server.emit.bind(server) as Emit;
  const taking: Emit = (event, ...args) => {
    if (event !== 'upgrade') return emit(event, ...args);
    const [req, socket, head] = args as [IncomingMessage, Duplex, Buffer];
    if (take(req, socket, head)) return true;
    const heard = emit(event, ...args);
    endAfterAnswer(socket);
    return heard;
  };
  (server as { emit: Emit }).emit = taking;
  app.addHook('preClose', (done) => {
    closing = true;
    done();
  });
}
