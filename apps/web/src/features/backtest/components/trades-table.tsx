import { formatBRL, formatDateTimePtBR, formatPrice, formatDecimal } from '@vortex/core';
import { useMemo, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { cn } from '../../../lib/cn';
import { backtestTexts } from '../messages';
import { strategyByMagic, strategyLabel } from '../utils/strategies';
import type { Run } from './strategy-breakdown';

const t = backtestTexts.trades;
const PAGE_SIZE = 20;

const toneOf = (value: number) =>
  value > 0 ? 'text-success' : value < 0 ? 'text-destructive' : undefined;

const cell = 'px-3 py-2 whitespace-nowrap tabular-nums first:pl-4 last:pr-4';

/** One run's closed trades, newest first, 20 per page. */
function RunTrades({ run }: { run: Run }) {
  const [page, setPage] = useState(0);
  const names = useMemo(() => strategyByMagic(run.config), [run.config]);
  const trades = useMemo(() => [...run.result.trades].reverse(), [run.result.trades]);
  const pages = Math.max(1, Math.ceil(trades.length / PAGE_SIZE));
  const current = Math.min(page, pages - 1);
  const slice = trades.slice(current * PAGE_SIZE, (current + 1) * PAGE_SIZE);

  if (trades.length === 0)
    return <p className="px-4 pb-4 text-sm text-muted-foreground">{t.empty}</p>;
  return (
    <>
      <div className="overflow-x-auto">
        <table className="w-full text-sm" aria-label={`${t.title} · ${run.label}`}>
          <thead className="bg-muted/60 text-xs text-muted-foreground uppercase">
            <tr>
              {[
                t.open,
                t.close,
                t.strategy,
                t.side,
                t.volume,
                t.entry,
                t.exit,
                t.reason,
                t.duration,
                t.net,
              ].map((head, i) => (
                <th
                  key={head}
                  scope="col"
                  className={cn(cell, 'font-semibold', i >= 4 && i !== 7 && 'text-right')}
                >
                  {head}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {slice.map((trade) => {
              const key = names.get(trade.magic);
              return (
                <tr key={trade.position_id} className="border-t border-border">
                  <td className={cell}>{formatDateTimePtBR(trade.open_time)}</td>
                  <td className={cell}>{formatDateTimePtBR(trade.close_time)}</td>
                  <td className={cell}>{key ? strategyLabel(key) : trade.magic}</td>
                  <td
                    className={cn(cell, trade.type === 'BUY' ? 'text-success' : 'text-destructive')}
                  >
                    {trade.type === 'BUY' ? t.buy : t.sell}
                  </td>
                  <td className={cn(cell, 'text-right')}>{formatDecimal(trade.volume)}</td>
                  <td className={cn(cell, 'text-right')}>{formatPrice(trade.entry_price)}</td>
                  <td className={cn(cell, 'text-right')}>{formatPrice(trade.exit_price)}</td>
                  <td className={cell}>{trade.exit_reason}</td>
                  <td className={cn(cell, 'text-right')}>{trade.duration}</td>
                  <td className={cn(cell, 'text-right font-medium', toneOf(trade.net_profit))}>
                    {formatBRL(trade.net_profit)}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <div className="flex items-center justify-end gap-3 px-4 py-3 text-sm">
        <span className="text-muted-foreground">{t.page(current + 1, pages)}</span>
        <Button
          variant="outline"
          size="sm"
          disabled={current === 0}
          onClick={() => setPage(current - 1)}
        >
          {t.previous}
        </Button>
        <Button
          variant="outline"
          size="sm"
          disabled={current >= pages - 1}
          onClick={() => setPage(current + 1)}
        >
          {t.next}
        </Button>
      </div>
    </>
  );
}

/** The runs' trades; with two runs, a switch picks which one the table lists. */
export function TradesTable({ runs }: { runs: Run[] }) {
  const [shown, setShown] = useState(0);
  const run = runs[Math.min(shown, runs.length - 1)];
  if (!run) return null;
  return (
    <Card className="overflow-hidden">
      <div className="flex flex-wrap items-center justify-between gap-2 p-4 sm:px-5">
        <h2 className="text-base font-semibold tracking-tight">{t.title}</h2>
        {runs.length > 1 && (
          <div role="group" aria-label={t.tabsLabel} className="flex gap-1">
            {runs.map((r, i) => (
              <Button
                key={r.label}
                size="sm"
                variant={i === shown ? 'secondary' : 'ghost'}
                aria-pressed={i === shown}
                onClick={() => setShown(i)}
              >
                {r.label} ({r.result.trades.length})
              </Button>
            ))}
          </div>
        )}
      </div>
      <RunTrades key={run.label} run={run} />
    </Card>
  );
}
