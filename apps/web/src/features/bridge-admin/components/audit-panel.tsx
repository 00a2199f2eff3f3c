import { ChevronLeft, ChevronRight, Download } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import {
  EXPORT_MAX_ROWS,
  fetchAllAudit,
  useAuditSearch,
  type AuditFilters as Filters,
} from '../api/audit';
import { reasonOf } from '../api/request';
import { bridgeAdminTexts as t } from '../messages';
import { downloadText } from '../../../lib/save-file';
import { AUDIT_CSV_NAME, auditCsv } from '../utils/audit-csv';
import { AuditFilters } from './audit-filters';
import { AuditTable } from './audit-table';
import { Panel, PanelError, RefreshButton } from './panel';

const DEFAULT_PAGE_SIZE = 50;

/** §2 'Bridge Audit': the bridge events of the audit log, filtered, paged and exported. */
export function AuditPanel() {
  const [filters, setFilters] = useState<Filters>({});
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(DEFAULT_PAGE_SIZE);
  const [exporting, setExporting] = useState(false);
  const query = useAuditSearch(filters, page, pageSize);
  const total = query.data?.total ?? 0;
  // The page on screen, which is the previous one until the next arrives.
  const shownPage = query.data?.page ?? page;
  const pages = Math.max(1, Math.ceil(total / (query.data?.page_size ?? pageSize)));
  const refetch = () => void query.refetch();

  // The CSV holds every row matching the filters (all pages), not only the page on screen.
  const exportCsv = async () => {
    setExporting(true);
    try {
      const all = await fetchAllAudit(filters);
      downloadText(auditCsv(all.items), AUDIT_CSV_NAME);
      if (all.total > all.items.length) toast.info(t.audit.exportTruncated(EXPORT_MAX_ROWS));
    } catch (error) {
      toast.error(t.audit.exportFailed(reasonOf(error as Error)));
    } finally {
      setExporting(false);
    }
  };

  return (
    <Panel
      id="audit"
      title={t.audit.title}
      description={t.audit.description}
      toolbar={
        <>
          <RefreshButton onClick={refetch} busy={query.isFetching} />
          <Button
            variant="outline"
            onClick={() => void exportCsv()}
            disabled={exporting || total === 0}
          >
            <Download />
            {t.audit.exportCsv}
          </Button>
        </>
      }
    >
      <AuditFilters
        pageSize={pageSize}
        onSearch={(next) => {
          setFilters(next);
          setPage(1);
        }}
        onPageSize={(size) => {
          setPageSize(size);
          setPage(1);
        }}
      />
      {query.isError && <PanelError error={query.error} onRetry={refetch} />}
      <AuditTable
        items={query.data?.items ?? []}
        pending={query.isPending}
        failed={query.isError}
      />
      <nav
        aria-label={t.audit.title}
        className="flex flex-wrap items-center justify-between gap-3 border-t border-border px-4 py-3 text-sm sm:px-5"
      >
        <span data-testid="audit-total" className="text-muted-foreground tabular-nums">
          {t.audit.total(total)}
        </span>
        <div className="flex items-center gap-3">
          <Button
            variant="outline"
            size="sm"
            disabled={page <= 1 || query.isFetching}
            onClick={() => {
              setPage(page - 1);
            }}
          >
            <ChevronLeft />
            {t.audit.previous}
          </Button>
          <span data-testid="audit-page" className="whitespace-nowrap tabular-nums">
            {t.audit.page(shownPage, pages)}
          </span>
          <Button
            variant="outline"
            size="sm"
            disabled={page >= pages || query.isFetching}
            onClick={() => {
              setPage(page + 1);
            }}
          >
            {t.audit.next}
            <ChevronRight />
          </Button>
        </div>
      </nav>
    </Panel>
  );
}
