import { formatDatePtBR, formatDecimal } from '@vortex/core';
import { useMoney } from '../../../lib/money';
import { backtestTexts } from '../messages';
import { EquityCurve } from './equity-curve';
import { ComparisonTable, KeyStatCards } from './key-stats';
import { SkippedSignals, StrategyBreakdown, type Run } from './strategy-breakdown';
import { TradesTable } from './trades-table';

const t = backtestTexts;

// A tick as small as a forex symbol's (0,00001) keeps its decimals; WIN's reads '5'.
const tickFormat = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 8 });

/**
 * What the runs went over: the bar count, their first and last day, the source, and the contract
 * that valued the trades (money per point, tick), so a WDO run is not read as WIN's.
 */
function RunSummary({ run }: { run: Run }) {
  const money = useMoney();
  const { bars, first_bar_time: first, last_bar_time: last, source, seed } = run.result;
  const { instrument } = run.result;
  const parts = [t.summary.bars(formatDecimal(bars, 0))];
  if (first !== null && last !== null) {
    parts.push(t.summary.range(formatDatePtBR(first * 1000), formatDatePtBR(last * 1000)));
  }
  if (source === 'simulator') parts.push(t.summary.sourceSimulator(String(seed ?? '')));
  else parts.push(source === 'csv' ? t.summary.sourceCsv : t.summary.sourceStored);
  if (instrument) {
    parts.push(
      t.summary.instrument(
        instrument.symbol,
        money.format(instrument.point_value),
        tickFormat.format(instrument.tick),
        instrument.source === 'terminal' ? t.summary.instrumentTerminal : t.summary.instrumentB3,
      ),
    );
  }
  return (
    <p data-testid="backtest-summary" className="text-sm text-muted-foreground">
      {parts.join(' · ')}
    </p>
  );
}

export function ResultsPanel({ runs }: { runs: Run[] }) {
  const [a, b] = runs;
  if (!a) return null;
  return (
    <div className="space-y-6">
      <RunSummary run={a} />
      {b ? (
        <ComparisonTable a={a.result.statistics} b={b.result.statistics} />
      ) : (
        <KeyStatCards stats={a.result.statistics} />
      )}
      <EquityCurve runs={runs.map((run) => ({ label: run.label, trades: run.result.trades }))} />
      {/* Two runs' strategy tables need the full width; one run leaves room for the refusals. */}
      <div className={b ? 'grid gap-4' : 'grid gap-4 xl:grid-cols-[2fr_1fr]'}>
        <StrategyBreakdown runs={runs} />
        <SkippedSignals runs={runs} />
      </div>
      <TradesTable runs={runs} />
    </div>
  );
}
