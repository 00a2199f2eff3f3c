import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { tradesTexts as t } from '../messages';
import { pageCount, TRADES_PAGE_SIZE } from '../utils/trades-filters';

export function TradesPager(props: { page: number; rows: number; onPage: (page: number) => void }) {
  const { page, rows } = props;
  const pages = pageCount(rows);
  const from = rows === 0 ? 0 : (page - 1) * TRADES_PAGE_SIZE + 1;
  const to = Math.min(rows, page * TRADES_PAGE_SIZE);
  return (
    <nav
      aria-label={t.pager.label}
      className="flex flex-wrap items-center justify-between gap-3 border-t border-border px-4 py-3 text-sm sm:px-5"
    >
      <span data-testid="trades-range" className="text-muted-foreground tabular-nums">
        {t.pager.range(from, to, rows)}
      </span>
      <div className="flex items-center gap-3">
        <Button
          variant="outline"
          size="sm"
          disabled={page <= 1}
          onClick={() => {
            props.onPage(page - 1);
          }}
        >
          <ChevronLeft />
          <span className="max-sm:sr-only">{t.pager.previous}</span>
        </Button>
        <span data-testid="trades-page" className="whitespace-nowrap tabular-nums">
          {t.pager.page(page, pages)}
        </span>
        <Button
          variant="outline"
          size="sm"
          disabled={page >= pages}
          onClick={() => {
            props.onPage(page + 1);
          }}
        >
          <span className="max-sm:sr-only">{t.pager.next}</span>
          <ChevronRight />
        </Button>
      </div>
    </nav>
  );
}
