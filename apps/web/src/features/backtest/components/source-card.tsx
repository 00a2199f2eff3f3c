import { BACKTEST_MAX_CSV_BYTES, BACKTEST_SEED_MAX, formatDecimal } from '@vortex/core';
import { Database, FileUp, Shuffle } from 'lucide-react';
import { useId, useState } from 'react';
import { Card } from '../../../components/ui/card';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { cn } from '../../../lib/cn';
import { backtestTexts } from '../messages';

const t = backtestTexts.source;

export interface CsvFile {
  name: string;
  size: number;
  text: string;
}

export interface SourceState {
  source: 'stored' | 'csv' | 'simulator';
  start: string;
  end: string;
  csv: CsvFile | null;
  /** The simulator's seed as typed. */
  seed: string;
}

/** The typed seed as the API takes it, or null when it is not one. */
export function seedOf(text: string): number | null {
  if (!/^\d{1,10}$/.test(text.trim())) return null;
  const seed = Number(text);
  return seed <= BACKTEST_SEED_MAX ? seed : null;
}

const sizeOf = (bytes: number) =>
  bytes < 1024 * 1024
    ? `${formatDecimal(bytes / 1024, 0)} KB`
    : `${formatDecimal(bytes / (1024 * 1024), 1)} MB`;

function SourceOption(props: {
  checked: boolean;
  label: string;
  hint: string;
  icon: React.ReactNode;
  onSelect: () => void;
}) {
  return (
    <label
      className={cn(
        'flex cursor-pointer items-start gap-3 rounded-lg border p-3 transition-colors',
        props.checked ? 'border-primary bg-primary/5' : 'border-border hover:bg-accent/50',
      )}
    >
      <input
        type="radio"
        name="backtest-source"
        className="mt-1 accent-[var(--color-primary)]"
        checked={props.checked}
        onChange={props.onSelect}
      />
      <span className="space-y-0.5">
        <span className="flex items-center gap-2 text-sm font-medium [&_svg]:size-4">
          {props.icon}
          {props.label}
        </span>
        <span className="block text-xs text-muted-foreground">{props.hint}</span>
      </span>
    </label>
  );
}

function SeedField({
  id,
  value,
  onChange,
}: {
  id: string;
  value: string;
  onChange: (seed: string) => void;
}) {
  const bad = seedOf(value) === null;
  return (
    <div className="space-y-2 sm:col-span-2">
      <Label htmlFor={`${id}-seed`}>{t.seed}</Label>
      <Input
        id={`${id}-seed`}
        inputMode="numeric"
        className="sm:w-48"
        value={value}
        aria-invalid={bad}
        aria-describedby={`${id}-seed-hint`}
        onChange={(e) => onChange(e.target.value)}
      />
      <p
        id={`${id}-seed-hint`}
        className={cn('text-xs', bad ? 'font-medium text-destructive' : 'text-muted-foreground')}
      >
        {bad ? t.badSeed : t.seedHint}
      </p>
    </div>
  );
}

/**
 * Where the bars come from: the account's stored bars between two dates, a CSV file, or the
 * simulator's market between two dates from a seed.
 */
export function SourceCard({
  value,
  onChange,
}: {
  value: SourceState;
  onChange: (next: SourceState) => void;
}) {
  const id = useId();
  const [fileError, setFileError] = useState<string | null>(null);

  const readFile = async (file: File | undefined) => {
    setFileError(null);
    if (!file || file.size > BACKTEST_MAX_CSV_BYTES) {
      if (file) setFileError(t.fileTooBig);
      onChange({ ...value, csv: null });
      return;
    }
    onChange({ ...value, csv: { name: file.name, size: file.size, text: await file.text() } });
  };

  return (
    <Card className="space-y-4 p-4 sm:p-5">
      <h2 className="text-base font-semibold tracking-tight">{t.title}</h2>
      <fieldset className="grid gap-2 sm:grid-cols-3 lg:grid-cols-1 2xl:grid-cols-3">
        <legend className="sr-only">{t.legend}</legend>
        <SourceOption
          checked={value.source === 'stored'}
          label={t.stored}
          hint={t.storedHint}
          icon={<Database aria-hidden />}
          onSelect={() => onChange({ ...value, source: 'stored' })}
        />
        <SourceOption
          checked={value.source === 'csv'}
          label={t.csv}
          hint={t.csvHint}
          icon={<FileUp aria-hidden />}
          onSelect={() => onChange({ ...value, source: 'csv' })}
        />
        <SourceOption
          checked={value.source === 'simulator'}
          label={t.simulator}
          hint={t.simulatorHint}
          icon={<Shuffle aria-hidden />}
          onSelect={() => onChange({ ...value, source: 'simulator' })}
        />
      </fieldset>

      {value.source !== 'csv' ? (
        <div key="dates" className="grid gap-3 sm:grid-cols-2">
          <div className="space-y-2">
            <Label htmlFor={`${id}-start`}>{t.start}</Label>
            <Input
              id={`${id}-start`}
              type="date"
              value={value.start}
              max={value.end}
              onChange={(e) => onChange({ ...value, start: e.target.value })}
            />
          </div>
          <div className="space-y-2">
            <Label htmlFor={`${id}-end`}>{t.end}</Label>
            <Input
              id={`${id}-end`}
              type="date"
              value={value.end}
              min={value.start}
              onChange={(e) => onChange({ ...value, end: e.target.value })}
            />
          </div>
          {value.start > value.end && (
            <p className="text-xs font-medium text-destructive sm:col-span-2">{t.badRange}</p>
          )}
          {value.source === 'simulator' && (
            <SeedField
              id={id}
              value={value.seed}
              onChange={(seed) => onChange({ ...value, seed })}
            />
          )}
        </div>
      ) : (
        <div key="csv" className="space-y-3">
          <div className="space-y-2">
            <Label htmlFor={`${id}-file`}>{t.file}</Label>
            <Input
              id={`${id}-file`}
              type="file"
              accept=".csv,.txt,text/csv,text/plain"
              className="h-auto py-1.5 file:mr-3 file:rounded-md file:border-0 file:bg-secondary file:px-3 file:py-1 file:text-sm file:font-medium file:text-secondary-foreground"
              aria-describedby={`${id}-formats`}
              onChange={(e) => void readFile(e.target.files?.[0])}
            />
            {value.csv && (
              <p className="text-xs text-muted-foreground">
                {t.fileLoaded(value.csv.name, sizeOf(value.csv.size))}
              </p>
            )}
            {fileError && <p className="text-xs font-medium text-destructive">{fileError}</p>}
          </div>
          <div id={`${id}-formats`} className="rounded-lg bg-muted/60 p-3 text-xs">
            <p className="font-medium">{t.formatsTitle}</p>
            <ul className="mt-1 list-disc space-y-0.5 pl-4 text-muted-foreground">
              <li>{t.formatMt5}</li>
              <li>{t.formatPlain}</li>
            </ul>
            <p className="mt-2 text-muted-foreground">{t.csvTimeframe}</p>
          </div>
        </div>
      )}
    </Card>
  );
}
