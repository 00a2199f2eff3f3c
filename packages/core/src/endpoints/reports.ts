import { z } from 'zod';
import { IdSchema } from '../api/id.schema.js';
import {
  ImportFileNameSchema,
  ImportIdSchema,
  ImportProgressResponseSchema,
  ReportImportResponseSchema,
} from '../accounts/accounts.schema.js';
import {
  Mt5ReportRequestSchema,
  ReportsSummaryQuerySchema,
  ReportsSummaryResponseSchema,
} from '../trading/api.schema.js';
import { defineEndpoint } from './define-endpoint.js';

const tags = ['reports'];
// Importing adds an account's history: the account's owners, not a viewer.
const owners = ['admin', 'user', 'trader'] as const;
// A statement is the caller's current account's, so it answers no 403, but 404 without one.
const statementErrors = [400, 401, 404];

/** The reports screen: its summary, the MT5 statements and the import of a terminal's report. */
export const reportsEndpoints = {
  summary: defineEndpoint({
    method: 'GET',
    path: '/api/reports/summary',
    access: 'authenticated',
    // Served by the trading module, from the same reads as the dashboard.
    tags: ['trading'],
    summary: 'Resumo dos relatórios do período',
    query: ReportsSummaryQuerySchema,
    response: ReportsSummaryResponseSchema,
  }),
  statementHtml: defineEndpoint({
    method: 'POST',
    path: '/api/reports/mt5/html',
    access: 'authenticated',
    tags,
    summary: 'Relatório MT5 em HTML',
    body: Mt5ReportRequestSchema,
    // Bytes, not a string: the server sends a Buffer as is.
    response: z
      .unknown()
      .describe('Página HTML do relatório, em UTF-16 LE com BOM como o terminal'),
    produces: 'text/html',
    errors: statementErrors,
  }),
  statementXml: defineEndpoint({
    method: 'POST',
    path: '/api/reports/mt5/xml',
    access: 'authenticated',
    tags,
    summary: 'Relatório MT5 em XML (planilha SpreadsheetML)',
    body: Mt5ReportRequestSchema,
    response: z.string().describe('Planilha SpreadsheetML'),
    produces: 'application/xml',
    errors: statementErrors,
  }),
  import: defineEndpoint({
    method: 'POST',
    path: '/api/reports/import',
    access: owners,
    tags,
    summary: 'Importa um relatório do MetaTrader 5 (histórico HTML/XLSX ou testador)',
    description:
      'Corpo: o arquivo, como application/octet-stream, até 400 MB. `import_id` (opcional) permite acompanhar a leitura em /api/reports/import/progress.',
    query: z.strictObject({
      account_id: IdSchema.optional(),
      import_id: ImportIdSchema.optional(),
      /** The file's name, kept to say where the account's data came from. */
      file_name: ImportFileNameSchema.optional(),
    }),
    response: ReportImportResponseSchema,
    errors: [400, 401, 403, 404, 413],
  }),
  importProgress: defineEndpoint({
    method: 'GET',
    path: '/api/reports/import/progress',
    access: owners,
    tags,
    summary: 'Quanto do relatório enviado o servidor já leu',
    query: z.strictObject({ import_id: ImportIdSchema }),
    response: ImportProgressResponseSchema,
    errors: [400, 401, 403, 404, 413],
  }),
};
