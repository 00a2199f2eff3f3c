import { RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { NativeSelect } from '../../../components/ui/native-select';
import { CustomPeriodForm } from '../../../components/period/custom-period-form';
import type { CustomDates, Period } from '../../../components/period/period';
import { periodTexts } from '../../../components/period/period-texts';
import { cn } from '../../../lib/cn';
import { statisticsTexts as t } from '../messages';
import { MAX_PERIOD_DAYS, MIN_PERIOD_DAYS, parsePeriodDays, PERIOD_PRESETS } from '../utils/period';

interface StatisticsControlsProps {
  period: Period;
  /** The custom fields' first dates: the period's own, else the account's data span. */
  customInitial: CustomDates | null;
  magic: number | null;
  magics: readonly number[];
  busy: boolean;
  onPeriod: (period: Period) => void;
  onMagic: (magic: number | null) => void;
  onRefresh: () => void;
}

const c = t.controls;

const presetClass = (pressed: boolean) =>
  cn(
    'h-8 rounded-md px-3 text-sm font-medium whitespace-nowrap text-muted-foreground transition-colors hover:text-foreground',
    'focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none',
    pressed && 'bg-card text-foreground shadow-sm',
  );

/**
 * The period (presets, 1–365 typed days, 'Todo o histórico' or a custom 'De / Até'), the magic
 * filter and a refresh.
 */
export function StatisticsControls(props: StatisticsControlsProps) {
  const { period, magic } = props;
  const days = period.kind === 'days' ? period.days : null;
  const [draft, setDraft] = useState(days === null ? '' : String(days));
  const options =
    magic === null || props.magics.includes(magic) ? props.magics : [...props.magics, magic];
  const choose = (next: number) => {
    setDraft(String(next));
    props.onPeriod({ kind: 'days', days: next });
  };
  return (
    <div
      role="search"
      aria-label={c.label}
      className="flex flex-wrap items-end gap-x-4 gap-y-3 rounded-xl border border-border bg-card p-4 shadow-sm sm:p-5"
    >
      <div className="space-y-1.5">
        <span id="statistics-period" className="text-sm leading-none font-medium">
          {c.period}
        </span>
        <div
          role="group"
          aria-labelledby="statistics-period"
          className="flex flex-wrap gap-1 rounded-lg bg-muted p-1"
        >
          {PERIOD_PRESETS.map((preset) => (
            <button
              key={preset}
              type="button"
              aria-pressed={days === preset}
              title={c.presetTitle(preset)}
              onClick={() => {
                choose(preset);
              }}
              className={presetClass(days === preset)}
            >
              {c.preset(preset)}
            </button>
          ))}
          <button
            type="button"
            aria-pressed={period.kind === 'all'}
            title={periodTexts.allTitle}
            onClick={() => {
              setDraft('');
              props.onPeriod({ kind: 'all' });
            }}
            className={presetClass(period.kind === 'all')}
          >
            {periodTexts.all}
          </button>
        </div>
      </div>
      <div className="w-32 space-y-1.5">
        <Label htmlFor="statistics-days">{c.custom}</Label>
        <Input
          id="statistics-days"
          type="number"
          inputMode="numeric"
          min={MIN_PERIOD_DAYS}
          max={MAX_PERIOD_DAYS}
          step={1}
          value={draft}
          aria-invalid={(draft !== '' && parsePeriodDays(draft) === null) || undefined}
          onChange={(event) => {
            setDraft(event.target.value);
            // §5: outside 1–365 the value is ignored and the period stays as it was.
            const next = parsePeriodDays(event.target.value);
            if (next !== null) props.onPeriod({ kind: 'days', days: next });
          }}
          onBlur={() => {
            setDraft(days === null ? '' : String(days));
          }}
        />
      </div>
      <div className="w-40 space-y-1.5">
        <Label htmlFor="statistics-magic">{c.magic}</Label>
        <NativeSelect
          id="statistics-magic"
          value={magic === null ? '' : String(magic)}
          onChange={(event) => {
            const value = event.target.value;
            props.onMagic(value === '' ? null : Number(value));
          }}
        >
          <option value="">{c.allMagics}</option>
          {options.map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </NativeSelect>
      </div>
      <Button variant="outline" className="ml-auto" onClick={props.onRefresh} disabled={props.busy}>
        <RefreshCw className={cn(props.busy && 'animate-spin')} />
        {t.refresh}
      </Button>
      <CustomPeriodForm
        // Fresh fields whenever the period changes elsewhere (a preset, the account's own).
        key={
          period.kind === 'custom'
            ? `${period.from}..${period.to}`
            : `x-${JSON.stringify(props.customInitial)}`
        }
        id="statistics-custom"
        className="basis-full"
        initial={props.customInitial}
        onApply={(dates) => {
          setDraft('');
          props.onPeriod({ kind: 'custom', ...dates });
        }}
      />
    </div>
  );
}
