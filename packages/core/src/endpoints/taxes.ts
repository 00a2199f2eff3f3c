import { z } from 'zod';
import {
  DarfPaidBodySchema,
  DarfPaidResponseSchema,
  TaxMonthDetailResponseSchema,
  TaxMonthParamsSchema,
  TaxSettingsResponseSchema,
  TaxSettingsSchema,
  TaxYearQuerySchema,
  TaxYearResponseSchema,
} from '../tax/tax.schema.js';
import { defineEndpoint } from './define-endpoint.js';

const tags = ['taxes'];
// Any logged-in user reads their own tax; a viewer reads but changes nothing.
const configurers = ['admin', 'user', 'trader'] as const;

/** Issue 17: the caller's income tax on B3 futures, their DARFs marked paid and the settings. */
export const taxesEndpoints = {
  year: defineEndpoint({
    method: 'GET',
    path: '/api/taxes',
    access: 'authenticated',
    tags,
    summary: 'Imposto de renda do ano: meses com resultado, prejuízo, IRRF e DARF',
    query: TaxYearQuerySchema,
    response: TaxYearResponseSchema,
  }),
  month: defineEndpoint({
    method: 'GET',
    path: '/api/taxes/months/:month',
    access: 'authenticated',
    tags,
    summary: 'Um mês do imposto com as operações encerradas, dia a dia',
    params: TaxMonthParamsSchema,
    response: TaxMonthDetailResponseSchema,
    errors: [400, 401, 403, 404],
  }),
  markDarfPaid: defineEndpoint({
    method: 'PUT',
    path: '/api/taxes/darf/:month',
    access: configurers,
    tags,
    summary: 'Marca ou desmarca o DARF do mês como pago',
    params: TaxMonthParamsSchema,
    body: DarfPaidBodySchema,
    response: DarfPaidResponseSchema,
    errors: [400, 401, 403, 409],
  }),
  settings: defineEndpoint({
    method: 'GET',
    path: '/api/taxes/settings',
    access: 'authenticated',
    tags,
    summary: 'Custo por contrato e lembrete do DARF',
    response: TaxSettingsResponseSchema,
  }),
  saveSettings: defineEndpoint({
    method: 'PUT',
    path: '/api/taxes/settings',
    access: configurers,
    tags,
    summary: 'Salva o custo por contrato e o lembrete do DARF',
    body: TaxSettingsSchema,
    response: TaxSettingsResponseSchema,
  }),
  annualCsv: defineEndpoint({
    method: 'GET',
    path: '/api/taxes/annual.csv',
    access: 'authenticated',
    tags,
    summary: 'Resumo anual (ficha Renda Variável do IRPF) em CSV',
    query: TaxYearQuerySchema,
    response: z.string().describe('CSV, uma linha por mês'),
    produces: 'text/csv',
  }),
};
