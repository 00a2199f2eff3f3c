import { BACKTEST_DEFAULT_SEED } from '@vortex/core';
import { format, subDays } from 'date-fns';
import { CircleAlert, FlaskConical, Play } from 'lucide-react';
import { useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { paths } from '../../../config/paths';
import { useSavedConfig } from '../api/get-saved-config';
import { useRunBacktest, type BarsChoice, type RunInput } from '../api/run-backtest';
import { backtestTexts as t } from '../messages';
import { applyTweaks, enabledStrategies, tweaksOf, type ConfigTweaks } from '../utils/strategies';
import { ConfigCard } from './config-card';
import { ResultsPanel } from './results-panel';
import { seedOf, SourceCard, type SourceState } from './source-card';

/** Stored bars default to the last 90 days, local calendar days. */
const DEFAULT_DAYS = 90;
const day = (date: Date) => format(date, 'yyyy-MM-dd');

const RUN_LABELS = [t.compare.a, t.compare.b];

function barsOf(source: SourceState): BarsChoice | null {
  if (source.source === 'csv') return source.csv ? { source: 'csv', csv: source.csv.text } : null;
  if (!source.start || !source.end || source.start > source.end) return null;
  const range = { start_date: source.start, end_date: source.end };
  if (source.source === 'stored') return { source: 'stored', ...range };
  const seed = seedOf(source.seed);
  return seed === null ? null : { source: 'simulator', ...range, seed };
}

/** /backtest: the saved configuration (and optionally a tweaked copy) over past or simulated bars. */
export function BacktestScreen() {
  const saved = useSavedConfig();
  const run = useRunBacktest();
  const [source, setSource] = useState<SourceState>(() => ({
    source: 'stored',
    start: day(subDays(new Date(), DEFAULT_DAYS)),
    end: day(new Date()),
    csv: null,
    seed: String(BACKTEST_DEFAULT_SEED),
  }));
  const [compare, setCompare] = useState(false);
  const [tweaks, setTweaks] = useState<ConfigTweaks | null>(null);

  const config = saved.data;
  const currentTweaks = tweaks ?? (config ? tweaksOf(config) : null);
  const bars = barsOf(source);
  const configB = config && currentTweaks ? applyTweaks(config, currentTweaks) : null;
  const ready =
    config !== undefined &&
    bars !== null &&
    enabledStrategies(config).length > 0 &&
    (!compare || (configB !== null && enabledStrategies(configB).length > 0));

  const start = () => {
    if (!ready) return;
    const input: RunInput = { bars, configs: compare && configB ? [config, configB] : [config] };
    run.mutate(input);
  };
  const retry = () => {
    if (run.variables) run.mutate(run.variables);
  };

  const runs = run.data
    ? run.variables.configs.flatMap((runConfig, i) => {
        const result = run.data[i];
        return result ? [{ label: RUN_LABELS[i] ?? '', config: runConfig, result }] : [];
      })
    : null;

  return (
    <section className="mx-auto w-full max-w-7xl space-y-6">
      <title>{`${paths.backtest.title} · Vórtex`}</title>
      <header className="space-y-1">
        <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">
          {paths.backtest.title}
        </h1>
        <p className="text-sm text-muted-foreground">{t.subtitle}</p>
      </header>

      {saved.isPending && (
        <div role="status" className="flex items-center gap-3 py-6">
          <Spinner className="text-primary" />
          <span className="text-sm text-muted-foreground">{t.config.loading}</span>
        </div>
      )}
      {saved.isError && (
        <Alert variant="error" className="items-center">
          <CircleAlert aria-hidden />
          <span className="flex-1 font-medium">{t.config.loadError(saved.error.message)}</span>
          <Button variant="outline" size="sm" onClick={() => void saved.refetch()}>
            {t.retry}
          </Button>
        </Alert>
      )}

      {config && currentTweaks && (
        <>
          <div className="grid gap-4 lg:grid-cols-2">
            <SourceCard value={source} onChange={setSource} />
            <ConfigCard
              config={config}
              compare={compare}
              onCompare={setCompare}
              tweaks={currentTweaks}
              onTweaks={setTweaks}
              onResetTweaks={() => setTweaks(null)}
            />
          </div>
          {enabledStrategies(config).length === 0 && (
            <Alert>
              <CircleAlert aria-hidden />
              <span>{t.config.noneEnabledA}</span>
            </Alert>
          )}
          <div className="flex flex-wrap items-center gap-3">
            <Button size="lg" onClick={start} disabled={!ready || run.isPending}>
              {run.isPending ? <Spinner className="size-4" /> : <Play aria-hidden />}
              {run.isPending ? t.running : compare ? t.runCompare : t.run}
            </Button>
            {source.source === 'csv' && !source.csv && (
              <span className="text-sm text-muted-foreground">{t.source.fileMissing}</span>
            )}
          </div>
        </>
      )}

      {run.isError && (
        <Alert variant="error" className="items-center">
          <CircleAlert aria-hidden />
          <span className="flex-1 font-medium">{run.error.message}</span>
          <Button variant="outline" size="sm" onClick={retry} disabled={run.isPending}>
            {t.retry}
          </Button>
        </Alert>
      )}
      {run.isPending && (
        <div role="status" className="flex items-center justify-center gap-3 py-16">
          <Spinner className="text-primary" />
          <span className="text-sm text-muted-foreground">{t.running}</span>
        </div>
      )}
      {runs && !run.isPending && <ResultsPanel runs={runs} />}
      {run.isIdle && config && (
        <Card className="flex flex-col items-center gap-2 px-6 py-14 text-center">
          <FlaskConical aria-hidden className="size-9 text-muted-foreground/60" />
          <h2 className="text-lg font-semibold">{t.emptyTitle}</h2>
          <p className="max-w-md text-sm text-muted-foreground">{t.emptyText}</p>
        </Card>
      )}
    </section>
  );
}
