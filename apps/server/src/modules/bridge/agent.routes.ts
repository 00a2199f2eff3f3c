import type { FastifyPluginAsync } from 'fastify';
import type pg from 'pg';
import { serveAgent } from './agent-connection.js';

/** The agents' WebSocket. Public at the HTTP level: the agent authenticates in its first message. */
export const agentRoutes =
  (deps: { pool: pg.Pool }): FastifyPluginAsync =>
  async (app) => {
    app.get(
      '/bridge/agent',
      { websocket: true, config: { access: 'public' }, schema: { hide: true } },
      (socket, req) => {
        serveAgent(socket, req.ip, { pool: deps.pool, log: req.log });
      },
    );
  };
