import {
  ApiErrorSchema,
  MessageResponseSchema,
  RoleChangeSchema,
  TEST_CHANNELS,
  TestChannelParamsSchema,
  userAdminMessages as msg,
  UserIdParamsSchema,
  UserResponseSchema,
  UsersListResponseSchema,
  UserTestResponseSchema,
  UserUpdateSchema,
} from '@vortex/core';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf } from '../../http/authorize.js';
import {
  approveUser,
  changeRole,
  editUser,
  listAllUsers,
  rejectUser,
  removeUser,
  testChannels,
  type Actor,
  type UsersDeps,
} from './users.service.js';

const errors = {
  400: ApiErrorSchema,
  401: ApiErrorSchema,
  403: ApiErrorSchema,
  404: ApiErrorSchema,
  409: ApiErrorSchema,
};
const tags = ['usuários'];
const adminOnly = { access: ['admin'] as const };
const actorOf = (req: FastifyRequest): Actor => ({ user: authOf(req).user, ip: req.ip });

export const usersRoutes =
  (deps: Omit<UsersDeps, 'log'>): FastifyPluginAsyncZod =>
  async (app) => {
    const withLog = (req: FastifyRequest): UsersDeps => ({ ...deps, log: req.log });

    app.get(
      '/users',
      {
        config: adminOnly,
        schema: {
          tags,
          summary: 'Listar usuários',
          response: { 200: UsersListResponseSchema, ...errors },
        },
      },
      async () => {
        const users = await listAllUsers(deps);
        return { success: true as const, users, data: users };
      },
    );

    app.put(
      '/users/:id',
      {
        // Any signed-in user reaches it; the service lets non-admins change only their own personal data.
        config: { access: 'authenticated' },
        schema: {
          tags,
          summary: 'Editar um usuário',
          params: UserIdParamsSchema,
          body: UserUpdateSchema,
          response: { 200: UserResponseSchema, ...errors },
        },
      },
      async (req) => ({
        success: true as const,
        message: msg.updated,
        user: await editUser(withLog(req), actorOf(req), req.params.id, req.body),
      }),
    );

    app.post(
      '/users/:id/role',
      {
        config: adminOnly,
        schema: {
          tags,
          summary: 'Alterar a role',
          params: UserIdParamsSchema,
          body: RoleChangeSchema,
          response: { 200: UserResponseSchema, ...errors },
        },
      },
      async (req) => ({
        success: true as const,
        message: msg.roleChanged,
        user: await changeRole(withLog(req), actorOf(req), req.params.id, req.body.role),
      }),
    );

    app.delete(
      '/users/:id',
      {
        config: adminOnly,
        schema: {
          tags,
          summary: 'Excluir um usuário',
          params: UserIdParamsSchema,
          response: { 200: MessageResponseSchema, ...errors },
        },
      },
      async (req) => {
        await removeUser(withLog(req), actorOf(req), req.params.id);
        return { success: true as const, message: msg.deleted };
      },
    );

    app.put(
      '/users/:id/approve',
      {
        config: adminOnly,
        schema: {
          tags,
          summary: 'Aprovar uma conta pendente',
          params: UserIdParamsSchema,
          response: { 200: UserResponseSchema, ...errors },
        },
      },
      async (req) => ({
        success: true as const,
        message: msg.approved,
        user: await approveUser(withLog(req), actorOf(req), req.params.id),
      }),
    );

    app.put(
      '/users/:id/reject',
      {
        config: adminOnly,
        schema: {
          tags,
          summary: 'Rejeitar uma conta pendente',
          params: UserIdParamsSchema,
          response: { 200: MessageResponseSchema, ...errors },
        },
      },
      async (req) => {
        await rejectUser(withLog(req), actorOf(req), req.params.id);
        return { success: true as const, message: msg.rejected };
      },
    );

    app.post(
      '/users/:id/test',
      {
        config: adminOnly,
        schema: {
          tags,
          summary: 'Testar todos os canais do usuário',
          params: UserIdParamsSchema,
          response: { 200: UserTestResponseSchema, ...errors },
        },
      },
      async (req) => testChannels(withLog(req), actorOf(req), req.params.id, TEST_CHANNELS),
    );

    app.post(
      '/users/:id/test/:channel',
      {
        config: adminOnly,
        schema: {
          tags,
          summary: 'Testar um canal do usuário',
          params: TestChannelParamsSchema,
          response: { 200: UserTestResponseSchema, ...errors },
        },
      },
      async (req) => testChannels(withLog(req), actorOf(req), req.params.id, [req.params.channel]),
    );
  };
