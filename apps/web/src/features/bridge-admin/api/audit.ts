import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { endpoints, type AuditItemSchema } from '@vortex/core';
import type { z } from 'zod';
import { bridgeAdminKeys } from './query-keys';
import { adminCall } from './request';

export type AuditItem = z.infer<typeof AuditItemSchema>;

/** The filters as the server takes them: dates are ISO instants with their offset. */
export interface AuditFilters {
  user_id?: number;
  event_type?: string;
  from?: string;
  to?: string;
}

const search = (filters: AuditFilters, page: number, pageSize: number, signal?: AbortSignal) =>
  adminCall(endpoints.bridge.auditSearch, {
    query: { ...filters, page, page_size: pageSize },
    ...(signal ? { signal } : {}),
  });

/** GET /api/bridge/audit/search, one page. */
export function useAuditSearch(filters: AuditFilters, page: number, pageSize: number) {
  return useQuery({
    queryKey: [...bridgeAdminKeys.audit, filters, page, pageSize],
    queryFn: ({ signal }) => search(filters, page, pageSize, signal),
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/** The largest page the server serves; the export walks the pages at this size. */
const EXPORT_PAGE_SIZE = 100;
/** The export stops here, so one click cannot pull the whole audit log through the browser. */
export const EXPORT_MAX_ROWS = 10_000;

/**
 * Every item matching the filters, newest first, up to EXPORT_MAX_ROWS. Events logged while the
 * pages are read push older rows onto the next page: ids already seen are skipped.
 */
export async function fetchAllAudit(
  filters: AuditFilters,
): Promise<{ items: AuditItem[]; total: number }> {
  const seen = new Set<number>();
  const items: AuditItem[] = [];
  let total = 0;
  for (let page = 1; items.length < EXPORT_MAX_ROWS; page++) {
    const answer = await search(filters, page, EXPORT_PAGE_SIZE);
    total = answer.total;
    for (const item of answer.items) {
      if (!seen.has(item.id) && items.length < EXPORT_MAX_ROWS) {
        seen.add(item.id);
        items.push(item);
      }
    }
    if (answer.items.length < EXPORT_PAGE_SIZE || page * EXPORT_PAGE_SIZE >= total) break;
  }
  return { items, total };
}
