import {
  LoginRequestSchema,
  LoginResponseSchema,
  MessageResponseSchema,
  WhoamiResponseSchema,
} from '../auth/login.schema.js';
import {
  ForgotPasswordSchema,
  ResetPasswordSchema,
  ValidateResetTokenQuerySchema,
  ValidateResetTokenResponseSchema,
} from '../auth/recovery.schema.js';
import { RegisterPayloadSchema, RegisterResponseSchema } from '../auth/register.schema.js';
import { defineEndpoint } from './define-endpoint.js';

const tags = ['autenticação'];
// The public steps answer a refused or repeated attempt (409) and a rate limit (429) too.
const publicErrors = [400, 401, 403, 409, 429];
const sessionErrors = [401];

/** access-and-admin.md §3: signing in and out, registering and recovering a password. */
export const authEndpoints = {
  login: defineEndpoint({
    method: 'POST',
    path: '/auth/login',
    access: 'public',
    tags,
    summary: 'Entrar com usuário ou email e senha',
    body: LoginRequestSchema,
    response: LoginResponseSchema,
    errors: publicErrors,
  }),
  logout: defineEndpoint({
    method: 'POST',
    path: '/auth/logout',
    access: 'authenticated',
    tags,
    summary: 'Encerrar a sessão atual',
    response: MessageResponseSchema,
    errors: sessionErrors,
  }),
  register: defineEndpoint({
    method: 'POST',
    status: 201,
    path: '/auth/register',
    access: 'public',
    tags,
    summary: 'Criar uma conta (pendente de aprovação)',
    body: RegisterPayloadSchema,
    response: RegisterResponseSchema,
    errors: publicErrors,
  }),
  forgotPassword: defineEndpoint({
    method: 'POST',
    path: '/auth/forgot-password',
    access: 'public',
    tags,
    summary: 'Pedir um link de redefinição de senha',
    body: ForgotPasswordSchema,
    response: MessageResponseSchema,
    // 503: the link's mail could not be written or sent (a full disk), nothing was promised.
    errors: [...publicErrors, 503],
  }),
  validateResetToken: defineEndpoint({
    method: 'GET',
    path: '/api/auth/validate-reset-token',
    access: 'public',
    tags,
    summary: 'Verificar um link de redefinição',
    query: ValidateResetTokenQuerySchema,
    response: ValidateResetTokenResponseSchema,
    errors: publicErrors,
  }),
  resetPassword: defineEndpoint({
    method: 'POST',
    path: '/api/auth/reset-password',
    access: 'public',
    tags,
    summary: 'Definir uma nova senha com o link recebido',
    body: ResetPasswordSchema,
    response: MessageResponseSchema,
    errors: publicErrors,
  }),
  whoami: defineEndpoint({
    method: 'GET',
    path: '/api/auth/whoami',
    access: 'authenticated',
    tags,
    summary: 'Quem está conectado',
    response: WhoamiResponseSchema,
    errors: sessionErrors,
  }),
};
