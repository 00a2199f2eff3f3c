import {
  ApiErrorSchema,
  DarfPaidBodySchema,
  DarfPaidResponseSchema,
  TaxMonthDetailResponseSchema,
  TaxMonthParamsSchema,
  TaxSettingsResponseSchema,
  TaxSettingsSchema,
  TaxYearQuerySchema,
  TaxYearResponseSchema,
} from '@vortex/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authOf } from '../../http/authorize.js';
import type { TaxesService } from './taxes.service.js';

const tags = ['taxes'];
const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 403: ApiErrorSchema };
// Any logged-in user reads their own tax; a viewer reads but changes nothing.
const configurers = { access: ['admin', 'user', 'trader'] as const };
const authenticated = { access: 'authenticated' as const };

/** Issue 17: the caller's income tax on B3 futures, their DARFs marked paid and the settings. */
export const taxesRoutes =
  (taxes: TaxesService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/taxes',
      {
        config: authenticated,
        schema: {
          tags,
          summary: 'Imposto de renda do ano: meses com resultado, prejuízo, IRRF e DARF',
          querystring: TaxYearQuerySchema,
          response: { 200: TaxYearResponseSchema, ...errors },
        },
      },
      async (req) => taxes.year(authOf(req).user.id, req.query.year),
    );

    app.get(
      '/api/taxes/months/:month',
      {
        config: authenticated,
        schema: {
          tags,
          summary: 'Um mês do imposto com as operações encerradas, dia a dia',
          params: TaxMonthParamsSchema,
          response: { 200: TaxMonthDetailResponseSchema, 404: ApiErrorSchema, ...errors },
        },
      },
      async (req) => taxes.month(authOf(req).user.id, req.params.month),
    );

    app.put(
      '/api/taxes/darf/:month',
      {
        config: configurers,
        schema: {
          tags,
          summary: 'Marca ou desmarca o DARF do mês como pago',
          params: TaxMonthParamsSchema,
          body: DarfPaidBodySchema,
          response: { 200: DarfPaidResponseSchema, 409: ApiErrorSchema, ...errors },
        },
      },
      async (req) =>
        taxes.setPaid({ userId: authOf(req).user.id, ip: req.ip }, req.params.month, req.body.paid),
    );

    app.get(
      '/api/taxes/settings',
      {
        config: authenticated,
        schema: {
          tags,
          summary: 'Custo por contrato e lembrete do DARF',
          response: { 200: TaxSettingsResponseSchema, ...errors },
        },
      },
      async (req) => ({
        success: true as const,
        settings: await taxes.settings(authOf(req).user.id),
      }),
    );

    app.put(
      '/api/taxes/settings',
      {
        config: configurers,
        schema: {
          tags,
          summary: 'Salva o custo por contrato e o lembrete do DARF',
          body: TaxSettingsSchema,
          response: { 200: TaxSettingsResponseSchema, ...errors },
        },
      },
      async (req) => ({
        success: true as const,
        settings: await taxes.saveSettings({ userId: authOf(req).user.id, ip: req.ip }, req.body),
      }),
    );

    app.get(
      '/api/taxes/annual.csv',
      {
        config: authenticated,
        schema: {
          tags,
          summary: 'Resumo anual (ficha Renda Variável do IRPF) em CSV',
          querystring: TaxYearQuerySchema,
          response: { 200: z.string().describe('CSV, uma linha por mês'), ...errors },
        },
      },
      async (req, reply) => {
        const { year } = req.query;
        const csv = await taxes.annualCsv(authOf(req).user.id, year);
        return reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="imposto-de-renda-${year}.csv"`)
          .send(csv);
      },
    );
  };
