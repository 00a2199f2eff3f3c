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
import { periodFields, reportsKeys, type ReportPeriod } from './reports-keys';

export type ReportsSummary = z.infer<typeof ReportsSummaryResponseSchema>['data'];

async function request(period: ReportPeriod, signal: AbortSignal): Promise<ApiResponse> {
  try {
    return await requestEndpoint(endpoints.reports.summary, {
      query: periodFields(period),
      signal,
    });
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
  period: ReportPeriod,
  signal: AbortSignal,
): Promise<ReportsSummary> {
  const res = await request(period, signal);
  const serverError = serverErrorOf(res);
  if (serverError) throw new ReportsError(t.errors.query, serverError);
  if (!res.ok) throw new ReportsError(t.errors.load, `HTTP ${res.status}`);
  const parsed = ReportsSummaryResponseSchema.safeParse(res.data);
  if (!parsed.success) throw new ReportsError(t.errors.load, t.errors.invalidAnswer);
  return parsed.data.data;
}

/** The summary of the period; none asked while the period is still being chosen. */
export function useReportsSummary(period: ReportPeriod | null) {
  const asked = period ?? { range: 'all' };
  return useQuery({
    queryKey: reportsKeys.summary(asked),
    queryFn: ({ signal }) => fetchReportsSummary(asked, signal),
    enabled: period !== null,
  });
}
