import { endpoints, TEST_CHANNELS, userAdminMessages as msg } from '@vortex/core';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { authOf } from '../../http/authorize.js';
import { route } from '../../http/endpoint-route.js';
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

const api = endpoints.users;
const actorOf = (req: FastifyRequest): Actor => ({ user: authOf(req).user, ip: req.ip });

export const usersRoutes =
  (deps: Omit<UsersDeps, 'log'>): FastifyPluginAsync =>
  async (app) => {
    const withLog = (req: FastifyRequest): UsersDeps => ({ ...deps, log: req.log });

    route(app, api.list, async () => {
      const users = await listAllUsers(deps);
      return { success: true as const, users, data: users };
    });

    route(app, api.update, async (req) => ({
      success: true as const,
      message: msg.updated,
      user: await editUser(withLog(req), actorOf(req), req.params.id, req.body),
    }));

    route(app, api.changeRole, async (req) => ({
      success: true as const,
      message: msg.roleChanged,
      user: await changeRole(withLog(req), actorOf(req), req.params.id, req.body.role),
    }));

    route(app, api.remove, async (req) => {
      await removeUser(withLog(req), actorOf(req), req.params.id);
      return { success: true as const, message: msg.deleted };
    });

    route(app, api.approve, async (req) => ({
      success: true as const,
      message: msg.approved,
      user: await approveUser(withLog(req), actorOf(req), req.params.id),
    }));

    route(app, api.reject, async (req) => {
      await rejectUser(withLog(req), actorOf(req), req.params.id);
      return { success: true as const, message: msg.rejected };
    });

    route(app, api.testAll, async (req) =>
      testChannels(withLog(req), actorOf(req), req.params.id, TEST_CHANNELS),
    );

    route(app, api.testChannel, async (req) =>
      testChannels(withLog(req), actorOf(req), req.params.id, [req.params.channel]),
    );
  };
