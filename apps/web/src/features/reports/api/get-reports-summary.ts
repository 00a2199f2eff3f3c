import { endpoints, ReportsSummaryResponseSchema } from '@vortex/core';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  NetworkError,
  requestEndpoint,
  serverErrorOf,
  type ApiResponse,
} from '../../../lib/api-client';
import { reportsTexts as t } from '../messages';
import { ReportsError } from './reports-error';
import { reportsKeys, type ReportRange } from './reports-keys';

export type ReportsSummary = z.infer<typeof ReportsSummaryResponseSchema>['data'];

async function request(range: ReportRange, signal: AbortSignal): Promise<ApiResponse> {
  try {
    return await requestEndpoint(endpoints.reports.summary, { query: { range }, signal });
  } catch (error) {
    if (error instanceof NetworkError && !signal.aborted) {
      throw new ReportsError(t.errors.connection, error.message);
    }
    throw error;
  }
}

/**
 * GET /api/reports/summary. The three §8 texts tell the failures apart: the server unreachable,
 * the server saying it could not query the data, or an answer that is not the contract's.
 */
export async function fetchReportsSummary(
  range: ReportRange,
  signal: AbortSignal,
): Promise<ReportsSummary> {
  const res = await request(range, signal);
  const serverError = serverErrorOf(res);
  if (serverError) throw new ReportsError(t.errors.query, serverError);
  if (!res.ok) throw new ReportsError(t.errors.load, `HTTP ${res.status}`);
  const parsed = ReportsSummaryResponseSchema.safeParse(res.data);
  if (!parsed.success) throw new ReportsError(t.errors.load, t.errors.invalidAnswer);
  return parsed.data.data;
}

export function useReportsSummary(range: ReportRange) {
  return useQuery({
    queryKey: reportsKeys.summary(range),
    queryFn: ({ signal }) => fetchReportsSummary(range, signal),
  });
}
