import { endpoints } from '@vortex/core';
import type { FastifyPluginAsync } from 'fastify';
import { authOf } from '../../http/authorize.js';
import { route } from '../../http/endpoint-route.js';
import type { TaxesService } from './taxes.service.js';

const api = endpoints.taxes;

/** Issue 17: the caller's income tax on B3 futures, their DARFs marked paid and the settings. */
export const taxesRoutes =
  (taxes: TaxesService): FastifyPluginAsync =>
  async (app) => {
    route(app, api.year, async (req) => taxes.year(authOf(req).user.id, req.query.year));

    route(app, api.month, async (req) => taxes.month(authOf(req).user.id, req.params.month));

    route(app, api.markDarfPaid, async (req) =>
      taxes.setPaid({ userId: authOf(req).user.id, ip: req.ip }, req.params.month, req.body.paid),
    );

    route(app, api.settings, async (req) => ({
      success: true as const,
      settings: await taxes.settings(authOf(req).user.id),
    }));

    route(app, api.saveSettings, async (req) => ({
      success: true as const,
      settings: await taxes.saveSettings({ userId: authOf(req).user.id, ip: req.ip }, req.body),
    }));

    route(app, api.annualCsv, async (req, reply) => {
      const { year } = req.query;
      const csv = await taxes.annualCsv(authOf(req).user.id, year);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="imposto-de-renda-${year}.csv"`)
        .send(csv);
    });
  };
