import { endpoints, mt5Messages } from '@vortex/core';
import type { FastifyPluginAsync } from 'fastify';
import type pg from 'pg';
import { authOf } from '../../http/authorize.js';
import { HttpError } from '../../http/http-error.js';
import { route } from '../../http/endpoint-route.js';
import type { AgentRegistry } from './agent-registry.js';
import { runCommand } from './run-command.js';

const api = endpoints.mt5;

/**
 * The /mt5 screen's calls. The browser never talks to the terminal: the server reaches the
 * trader's own agent over its WebSocket. `bridge_url` is accepted for the spec's form and unused.
 */
export const mt5Routes =
  (deps: { pool: pg.Pool; agents: AgentRegistry }): FastifyPluginAsync =>
  async (app) => {
    route(app, api.testBridge, async (req) => {
      const agent = deps.agents.of(authOf(req).user.id);
      if (!agent) {
        return {
          success: false,
          connected: false,
          account: null,
          server: null,
          message: mt5Messages.bridgeOffline,
        };
      }
      const account = agent.accountNumber ?? null;
      const server = agent.server ?? null;
      if (!agent.mt5Alive || account === null || server === null) {
        return {
          success: true,
          connected: false,
          account,
          server,
          message: mt5Messages.notLoggedIn,
        };
      }
      return {
        success: true,
        connected: true,
        account,
        server,
        message: mt5Messages.bridgeConnected(account, server),
      };
    });

    route(app, api.connect, async (req) => {
      const { login, password, server } = req.body;
      const r = await runCommand(deps, authOf(req).user.id, {
        kind: 'mt5_login',
        login,
        password,
        server,
      });
      if (r.offline) throw new HttpError(409, r.message);
      return { success: r.ok, message: r.ok ? r.message || mt5Messages.loginSent : r.message };
    });

    route(app, api.disconnect, async (req) => {
      const r = await runCommand(deps, authOf(req).user.id, { kind: 'mt5_logout' });
      if (r.offline) throw new HttpError(409, r.message);
      return { success: r.ok, message: r.ok ? mt5Messages.disconnected : r.message };
    });
  };
