import { MessageResponseSchema } from '../auth/login.schema.js';
import {
  RoleChangeSchema,
  TestChannelParamsSchema,
  UserIdParamsSchema,
  UserResponseSchema,
  UsersListResponseSchema,
  UserTestResponseSchema,
  UserUpdateSchema,
} from '../users/user-admin.schema.js';
import { defineEndpoint } from './define-endpoint.js';

const tags = ['usuários'];
const adminOnly = ['admin'] as const;
const errors = [400, 401, 403, 404, 409];

/** access-and-admin.md §6: the users screen, admins only but for one's own personal data. */
export const usersEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/users',
    access: adminOnly,
    tags,
    summary: 'Listar usuários',
    response: UsersListResponseSchema,
    errors,
  }),
  update: defineEndpoint({
    method: 'PUT',
    path: '/users/:id',
    // Any signed-in user reaches it; the service lets non-admins change only their own personal data.
    access: 'authenticated',
    tags,
    summary: 'Editar um usuário',
    params: UserIdParamsSchema,
    body: UserUpdateSchema,
    response: UserResponseSchema,
    errors,
  }),
  changeRole: defineEndpoint({
    method: 'POST',
    path: '/users/:id/role',
    access: adminOnly,
    tags,
    summary: 'Alterar a role',
    params: UserIdParamsSchema,
    body: RoleChangeSchema,
    response: UserResponseSchema,
    errors,
  }),
  remove: defineEndpoint({
    method: 'DELETE',
    path: '/users/:id',
    access: adminOnly,
    tags,
    summary: 'Excluir um usuário',
    params: UserIdParamsSchema,
    response: MessageResponseSchema,
    errors,
  }),
  approve: defineEndpoint({
    method: 'PUT',
    path: '/users/:id/approve',
    access: adminOnly,
    tags,
    summary: 'Aprovar uma conta pendente',
    params: UserIdParamsSchema,
    response: UserResponseSchema,
    errors,
  }),
  reject: defineEndpoint({
    method: 'PUT',
    path: '/users/:id/reject',
    access: adminOnly,
    tags,
    summary: 'Rejeitar uma conta pendente',
    params: UserIdParamsSchema,
    response: MessageResponseSchema,
    errors,
  }),
  testAll: defineEndpoint({
    method: 'POST',
    path: '/users/:id/test',
    access: adminOnly,
    tags,
    summary: 'Testar todos os canais do usuário',
    params: UserIdParamsSchema,
    response: UserTestResponseSchema,
    errors,
  }),
  testChannel: defineEndpoint({
    method: 'POST',
    path: '/users/:id/test/:channel',
    access: adminOnly,
    tags,
    summary: 'Testar um canal do usuário',
    params: TestChannelParamsSchema,
    response: UserTestResponseSchema,
    errors,
  }),
};
