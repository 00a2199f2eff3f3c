import { formatBRL, formatPercent, type BacktestResponse, type BotConfig } from '@vortex/core';
import { Card } from '../../../components/ui/card';
import { cn } from '../../../lib/cn';
import { backtestTexts } from '../messages';
import { tradesByStrategy } from '../utils/strategies';

const t = backtestTexts;

const toneOf = (value: number) =>
  value > 0 ? 'text-success' : value < 0 ? 'text-destructive' : undefined;

export interface Run {
  label: string;
  config: BotConfig;
  result: BacktestResponse;
}

/** Trades, win rate and net result of each strategy (magic = 135000 + magic_offset). */
function StrategyTable({ run, caption }: { run: Run; caption: string | undefined }) {
  const rows = tradesByStrategy(run.result.trades, run.config, t.byStrategy.unknown);
  return (
    <div className="min-w-0 space-y-2">
      {caption && <h3 className="text-sm font-semibold">{caption}</h3>}
      {rows.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t.byStrategy.empty}</p>
      ) : (
        <div className="overflow-x-auto">
          <table
            className="w-full text-sm"
            aria-label={`${t.byStrategy.title}${caption ? ` · ${caption}` : ''}`}
          >
            <thead className="text-xs text-muted-foreground">
              <tr className="border-b border-border">
                <th scope="col" className="py-1.5 pr-2 text-left font-medium">
                  {t.byStrategy.strategy}
                </th>
                <th scope="col" className="px-2 py-1.5 text-right font-medium">
                  {t.byStrategy.magic}
                </th>
                <th scope="col" className="px-2 py-1.5 text-right font-medium">
                  {t.byStrategy.trades}
                </th>
                <th scope="col" className="px-2 py-1.5 text-right font-medium">
                  {t.byStrategy.winRate}
                </th>
                <th scope="col" className="py-1.5 pl-2 text-right font-medium">
                  {t.byStrategy.net}
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.magic} className="border-b border-border/60 last:border-0">
                  <td className="py-1.5 pr-2 whitespace-nowrap">{row.label}</td>
                  <td className="px-2 py-1.5 text-right text-muted-foreground tabular-nums">
                    {row.magic}
                  </td>
                  <td className="px-2 py-1.5 text-right tabular-nums">{row.trades}</td>
                  <td className="px-2 py-1.5 text-right tabular-nums">
                    {formatPercent((row.wins / row.trades) * 100, 1)}
                  </td>
                  <td
                    className={cn(
                      'py-1.5 pl-2 text-right tabular-nums whitespace-nowrap',
                      toneOf(row.net),
                    )}
                  >
                    {formatBRL(row.net)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}

export function StrategyBreakdown({ runs }: { runs: Run[] }) {
  const many = runs.length > 1;
  return (
    <Card className="space-y-3 p-4 sm:p-5">
      <h2 className="text-base font-semibold tracking-tight">{t.byStrategy.title}</h2>
      <div className={cn('grid gap-6', many && 'lg:grid-cols-2')}>
        {runs.map((run) => (
          <StrategyTable key={run.label} run={run} caption={many ? run.label : undefined} />
        ))}
      </div>
    </Card>
  );
}

/** Signals the bot's rules refused: the daily trade limit, or the strategy's position open. */
export function SkippedSignals({ runs }: { runs: Run[] }) {
  const many = runs.length > 1;
  const rows = [
    { label: t.skipped.dailyLimit, of: (r: Run) => r.result.skipped.daily_limit },
    { label: t.skipped.positionOpen, of: (r: Run) => r.result.skipped.position_open },
  ];
  return (
    <Card className="space-y-3 p-4 sm:p-5">
      <h2 className="text-base font-semibold tracking-tight">{t.skipped.title}</h2>
      <table className="w-full text-sm" aria-label={t.skipped.title}>
        {many && (
          <thead className="text-xs text-muted-foreground">
            <tr>
              <td />
              {runs.map((run) => (
                <th key={run.label} scope="col" className="px-2 pb-1 text-right font-medium">
                  {run.label}
                </th>
              ))}
            </tr>
          </thead>
        )}
        <tbody>
          {rows.map((row) => (
            <tr key={row.label} className="border-b border-border/60 last:border-0">
              <th scope="row" className="py-1.5 pr-2 text-left font-normal text-muted-foreground">
                {row.label}
              </th>
              {runs.map((run) => (
                <td key={run.label} className="px-2 py-1.5 text-right font-medium tabular-nums">
                  {row.of(run)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </Card>
  );
}
