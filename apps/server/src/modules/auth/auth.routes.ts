import {
  ApiErrorSchema,
  ForgotPasswordSchema,
  LoginRequestSchema,
  LoginResponseSchema,
  loginMessages,
  MessageResponseSchema,
  permissionsFor,
  registerMessages,
  RegisterPayloadSchema,
  RegisterResponseSchema,
  resetMessages,
  ResetPasswordSchema,
  ValidateResetTokenQuerySchema,
  ValidateResetTokenResponseSchema,
  WhoamiResponseSchema,
} from '@vortex/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf } from '../../http/authorize.js';
import { login } from './login.service.js';
import {
  forgotPassword,
  resetPassword,
  validateResetToken,
  type RecoveryDeps,
} from './recovery.service.js';
import { countRegistrationAttempt, register } from './register.service.js';
import { closeSession } from './session.service.js';

const errors = {
  400: ApiErrorSchema,
  401: ApiErrorSchema,
  403: ApiErrorSchema,
  409: ApiErrorSchema,
  429: ApiErrorSchema,
};
const tags = ['autenticação'];

export const authRoutes =
  (deps: Omit<RecoveryDeps, 'log'>): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/auth/login',
      {
        config: { access: 'public' },
        schema: {
          tags,
          summary: 'Entrar com usuário ou email e senha',
          body: LoginRequestSchema,
          response: { 200: LoginResponseSchema, ...errors },
        },
      },
      async (req) =>
        login(deps.pool, req.body, { ip: req.ip, userAgent: req.headers['user-agent'] ?? null }),
    );

    app.post(
      '/auth/logout',
      {
        config: { access: 'authenticated' },
        schema: {
          tags,
          summary: 'Encerrar a sessão atual',
          response: { 200: MessageResponseSchema, 401: ApiErrorSchema },
        },
      },
      async (req) => {
        await closeSession(deps.pool, authOf(req).sessionId);
        return { success: true as const, message: loginMessages.loggedOut };
      },
    );

    app.post(
      '/auth/register',
      {
        config: { access: 'public' },
        // Before the body is even read: a refused payload counts as much as any other attempt.
        onRequest: async (req) => countRegistrationAttempt(deps.pool, req.ip),
        schema: {
          tags,
          summary: 'Criar uma conta (pendente de aprovação)',
          body: RegisterPayloadSchema,
          response: { 201: RegisterResponseSchema, ...errors },
        },
      },
      async (req, reply) => {
        const user = await register(deps.pool, req.body, req.ip);
        return reply.code(201).send({
          success: true,
          message: registerMessages.created,
          user: { email: user.email, username: user.username, account_type: user.account_type },
        });
      },
    );

    app.post(
      '/auth/forgot-password',
      {
        config: { access: 'public' },
        schema: {
          tags,
          summary: 'Pedir um link de redefinição de senha',
          body: ForgotPasswordSchema,
          response: { 200: MessageResponseSchema, ...errors },
        },
      },
      async (req) => ({
        success: true as const,
        message: await forgotPassword({ ...deps, log: req.log }, req.body.email, req.ip),
      }),
    );

    app.get(
      '/api/auth/validate-reset-token',
      {
        config: { access: 'public' },
        schema: {
          tags,
          summary: 'Verificar um link de redefinição',
          querystring: ValidateResetTokenQuerySchema,
          response: { 200: ValidateResetTokenResponseSchema, ...errors },
        },
      },
      async (req) => ({
        success: true as const,
        message: resetMessages.validToken,
        user_email: await validateResetToken(deps.pool, req.query.token),
      }),
    );

    app.post(
      '/api/auth/reset-password',
      {
        config: { access: 'public' },
        schema: {
          tags,
          summary: 'Definir uma nova senha com o link recebido',
          body: ResetPasswordSchema,
          response: { 200: MessageResponseSchema, ...errors },
        },
      },
      async (req) => {
        await resetPassword(deps.pool, req.body, req.ip);
        return { success: true as const, message: resetMessages.done };
      },
    );

    app.get(
      '/api/auth/whoami',
      {
        config: { access: 'authenticated' },
        schema: {
          tags,
          summary: 'Quem está conectado',
          response: { 200: WhoamiResponseSchema, 401: ApiErrorSchema },
        },
      },
      async (req) => {
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
      },
    );
  };
