import {
  endpoints,
  loginMessages,
  permissionsFor,
  registerMessages,
  resetMessages,
} from '@vortex/core';
import type { FastifyPluginAsync } from 'fastify';
import { authOf } from '../../http/authorize.js';
import { route } from '../../http/endpoint-route.js';
import { login } from './login.service.js';
import {
  forgotPassword,
  resetPassword,
  validateResetToken,
  type RecoveryDeps,
} from './recovery.service.js';
import { countRegistrationAttempt, register } from './register.service.js';
import { closeSession } from './session.service.js';

const api = endpoints.auth;

export const authRoutes =
  (deps: Omit<RecoveryDeps, 'log'>): FastifyPluginAsync =>
  async (app) => {
    route(app, api.login, async (req) =>
      login(deps.pool, req.body, { ip: req.ip, userAgent: req.headers['user-agent'] ?? null }),
    );

    route(app, api.logout, async (req) => {
      await closeSession(deps.pool, authOf(req).sessionId);
      return { success: true as const, message: loginMessages.loggedOut };
    });

    await app.register(async (scope) => {
      // Before the body is even read: a refused payload counts as much as any other attempt.
      scope.addHook('onRequest', async (req) => countRegistrationAttempt(deps.pool, req.ip));
      route(scope, api.register, async (req) => {
        const user = await register(deps.pool, req.body, req.ip);
        return {
          success: true as const,
          message: registerMessages.created,
          user: { email: user.email, username: user.username, account_type: user.account_type },
        };
      });
    });

    route(app, api.forgotPassword, async (req) => ({
      success: true as const,
      message: await forgotPassword({ ...deps, log: req.log }, req.body.email, req.ip),
    }));

    route(app, api.validateResetToken, async (req) => ({
      success: true as const,
      message: resetMessages.validToken,
      user_email: await validateResetToken(deps.pool, req.query.token),
    }));

    route(app, api.resetPassword, async (req) => {
      await resetPassword(deps.pool, req.body, req.ip);
      return { success: true as const, message: resetMessages.done };
    });

    route(app, api.whoami, (req) => {
      const auth = authOf(req);
      return {
        success: true as const,
        user: auth.user,
        permissions: permissionsFor(auth.user.role),
        session: {
          expires_at: auth.expiresAt.toISOString(),
          idle_expires_at: auth.idleExpiresAt.toISOString(),
        },
      };
    });
  };
