import type { StatisticsRecord } from '@vortex/core';
import { Badge } from '../../../components/ui/badge';
import { Card } from '../../../components/ui/card';
import { cn } from '../../../lib/cn';
import { backtestTexts } from '../messages';
import { keyMetrics, verdict } from '../utils/metrics';

const t = backtestTexts;

const toneOf = (value: number) =>
  value > 0 ? 'text-success' : value < 0 ? 'text-destructive' : undefined;

/** One run's key figures as cards. */
export function KeyStatCards({ stats }: { stats: StatisticsRecord }) {
  return (
    <section aria-label={t.stats.title} className="grid grid-cols-2 gap-3 md:grid-cols-4">
      {keyMetrics.map((spec) => (
        <Card key={spec.label} className="p-4">
          <p className="text-xs text-muted-foreground">{spec.label}</p>
          <p
            className={cn(
              'mt-1 text-lg font-semibold tracking-tight whitespace-nowrap tabular-nums sm:text-xl',
              spec.label === t.stats.netProfit && toneOf(stats.profit),
            )}
          >
            {spec.format(stats)}
          </p>
          {spec.label === t.stats.winRate && (
            <p className="mt-0.5 text-xs text-muted-foreground">
              {t.stats.winLoss(stats.winning_trades, stats.losing_trades)}
            </p>
          )}
        </Card>
      ))}
    </section>
  );
}

/** A and B's key figures side by side, B's difference marked better or worse. */
export function ComparisonTable({ a, b }: { a: StatisticsRecord; b: StatisticsRecord }) {
  return (
    <Card className="overflow-hidden">
      <h2 className="px-4 pt-4 text-base font-semibold tracking-tight sm:px-5">
        {t.compare.title}
      </h2>
      <div className="overflow-x-auto">
        <table className="mt-3 w-full text-sm" aria-label={t.compare.title}>
          <thead className="bg-muted/60 text-xs text-muted-foreground uppercase">
            <tr>
              <th scope="col" className="px-4 py-2 text-left font-semibold sm:pl-5">
                {t.compare.metric}
              </th>
              <th scope="col" className="px-3 py-2 text-right font-semibold">
                {t.compare.a}
              </th>
              <th scope="col" className="px-3 py-2 text-right font-semibold">
                {t.compare.b}
              </th>
              <th scope="col" className="px-4 py-2 text-right font-semibold sm:pr-5">
                {t.compare.diff}
              </th>
            </tr>
          </thead>
          <tbody>
            {keyMetrics.map((spec) => {
              const v = verdict(spec, a, b);
              const diff = spec.value(b) - spec.value(a);
              return (
                <tr key={spec.label} className="border-t border-border">
                  <th
                    scope="row"
                    className="px-4 py-2 text-left font-normal text-muted-foreground sm:pl-5"
                  >
                    {spec.label}
                  </th>
                  <td className="px-3 py-2 text-right font-medium tabular-nums whitespace-nowrap">
                    {spec.format(a)}
                  </td>
                  <td
                    className={cn(
                      'px-3 py-2 text-right font-medium tabular-nums whitespace-nowrap',
                      v === 1 && 'bg-success/10',
                      v === -1 && 'bg-destructive/10',
                    )}
                  >
                    {spec.format(b)}
                  </td>
                  <td className="px-4 py-2 text-right whitespace-nowrap tabular-nums sm:pr-5">
                    <span className="inline-flex items-center gap-2">
                      {diff === 0 || Number.isNaN(diff) ? '—' : spec.formatDiff(diff)}
                      {v === 1 && <Badge variant="success">{t.compare.better}</Badge>}
                      {v === -1 && <Badge variant="destructive">{t.compare.worse}</Badge>}
                    </span>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </Card>
  );
}
