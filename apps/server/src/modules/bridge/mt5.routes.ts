import {
  ApiErrorSchema,
  Mt5CommandResponseSchema,
  Mt5ConnectSchema,
  mt5Messages,
  TestBridgeResponseSchema,
  TestBridgeSchema,
} from '@vortex/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type pg from 'pg';
import { authOf } from '../../http/authorize.js';
import { HttpError } from '../../http/http-error.js';
import type { AgentRegistry } from './agent-registry.js';
import { runCommand } from './run-command.js';

const tags = ['mt5'];
// Sending orders or credentials to a terminal is bot control: not for viewers.
const controllers = { access: ['admin', 'user', 'trader'] as const };
const errors = {
  400: ApiErrorSchema,
  401: ApiErrorSchema,
  403: ApiErrorSchema,
  409: ApiErrorSchema,
};

/**
 * The /mt5 screen's calls. The browser never talks to the terminal: the server reaches the
 * trader's own agent over its WebSocket. `bridge_url` is accepted for the spec's form and unused.
 */
export const mt5Routes =
  (deps: { pool: pg.Pool; agents: AgentRegistry }): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/api/mt5/test-bridge',
      {
        config: controllers,
        schema: {
          tags,
          summary: 'Testa a bridge do usuário',
          body: TestBridgeSchema,
          response: { 200: TestBridgeResponseSchema, ...errors },
        },
      },
      async (req) => {
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
      },
    );

    app.post(
      '/api/mt5/connect',
      {
        config: controllers,
        schema: {
          tags,
          summary: 'Faz login no MT5 pela bridge',
          body: Mt5ConnectSchema,
          response: { 200: Mt5CommandResponseSchema, ...errors },
        },
      },
      async (req) => {
        const { login, password, server } = req.body;
        const r = await runCommand(deps, authOf(req).user.id, {
          kind: 'mt5_login',
          login,
          password,
          server,
        });
        if (r.offline) throw new HttpError(409, r.message);
        return { success: r.ok, message: r.ok ? r.message || mt5Messages.loginSent : r.message };
      },
    );

    app.post(
      '/api/mt5/disconnect',
      {
        config: controllers,
        schema: {
          tags,
          summary: 'Desconecta o MT5 pela bridge',
          response: { 200: Mt5CommandResponseSchema, ...errors },
        },
      },
      async (req) => {
        const r = await runCommand(deps, authOf(req).user.id, { kind: 'mt5_logout' });
        if (r.offline) throw new HttpError(409, r.message);
        return { success: r.ok, message: r.ok ? mt5Messages.disconnected : r.message };
      },
    );
  };
