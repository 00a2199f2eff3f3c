import { endpoints } from '@vortex/core';
import type { FastifyPluginAsync } from 'fastify';
import type pg from 'pg';
import { route } from '../../http/endpoint-route.js';
import { bridgeAuditPage } from './bridge-admin.service.js';

/** The bridge events of the audit log, filtered and paged. */
export const bridgeAuditRoutes =
  (deps: { pool: pg.Pool }): FastifyPluginAsync =>
  async (app) => {
    route(app, endpoints.bridge.auditSearch, async (req) => {
      const { total, items } = await bridgeAuditPage(deps.pool, req.query);
      return {
        success: true as const,
        total,
        page: req.query.page,
        page_size: req.query.page_size,
        items,
      };
    });
  };
