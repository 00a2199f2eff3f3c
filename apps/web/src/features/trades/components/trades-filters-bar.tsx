import { History, X } from 'lucide-react';
import { periodTexts } from '../../../components/period/period-texts';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { NativeSelect } from '../../../components/ui/native-select';
import { tradesTexts as t } from '../messages';
import { DEFAULT_FILTERS, type TradesFilters } from '../utils/trades-filters';

interface TradesFiltersBarProps {
  filters: TradesFilters;
  /** The most frequent magics among the loaded trades (§2: two of them). */
  magics: readonly number[];
  onChange: (change: Partial<TradesFilters>) => void;
  /** Why the dates cannot be asked for (an end before the start), else null. */
  datesError: string | null;
  /** Without a start date the window is the whole history (asked, or an old account's). */
  wholeHistory: boolean;
}

const f = t.filters;

/** Magic, dates and sort; each applies at once and is kept in local storage. */
export function TradesFiltersBar({
  filters,
  magics,
  onChange,
  datesError,
  wholeHistory,
}: TradesFiltersBarProps) {
  // A stored magic that fell out of the top two stays selectable, so the filter never hides.
  const options =
    filters.magic === null || magics.includes(filters.magic) ? magics : [...magics, filters.magic];
  const changed = JSON.stringify({ ...filters, page: 1 }) !== JSON.stringify(DEFAULT_FILTERS);
  return (
    <div
      role="search"
      aria-label={f.label}
      className="grid gap-3 border-b border-border p-4 sm:grid-cols-2 sm:p-5 lg:grid-cols-[repeat(4,minmax(0,1fr))_auto] lg:items-end"
    >
      <div className="space-y-1.5">
        <Label htmlFor="trades-magic">{f.magic}</Label>
        <NativeSelect
          id="trades-magic"
          value={filters.magic === null ? '' : String(filters.magic)}
          onChange={(event) => {
            const value = event.target.value;
            onChange({ magic: value === '' ? null : Number(value) });
          }}
        >
          <option value="">{f.allMagics}</option>
          {options.map((magic) => (
            <option key={magic} value={magic}>
              {magic}
            </option>
          ))}
        </NativeSelect>
      </div>
      <div className="space-y-1.5">
        <Label htmlFor="trades-start">{f.start}</Label>
        <Input
          id="trades-start"
          type="date"
          value={filters.startDate}
          max={filters.endDate || undefined}
          onChange={(event) => {
            onChange({ startDate: event.target.value, all: undefined });
          }}
        />
      </div>
      <div className="space-y-1.5">
        <Label htmlFor="trades-end">{f.end}</Label>
        <Input
          id="trades-end"
          type="date"
          aria-invalid={datesError !== null}
          aria-describedby={datesError ? 'trades-dates-error' : undefined}
          value={filters.endDate}
          min={filters.startDate || undefined}
          onChange={(event) => {
            onChange({ endDate: event.target.value });
          }}
        />
      </div>
      <div className="space-y-1.5">
        <Label htmlFor="trades-sort">{f.sort}</Label>
        <NativeSelect
          id="trades-sort"
          value={filters.sort}
          onChange={(event) => {
            onChange({ sort: event.target.value === 'asc' ? 'asc' : 'desc' });
          }}
        >
          <option value="desc">{f.newest}</option>
          <option value="asc">{f.oldest}</option>
        </NativeSelect>
      </div>
      <Button
        type="button"
        variant="ghost"
        disabled={!changed}
        onClick={() => {
          onChange(DEFAULT_FILTERS);
        }}
      >
        <X />
        {f.clear}
      </Button>
      {datesError && (
        <p
          id="trades-dates-error"
          role="alert"
          className="text-sm font-medium text-destructive sm:col-span-2 lg:col-span-5"
        >
          {datesError}
        </p>
      )}
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2 sm:col-span-2 lg:col-span-5">
        <Button
          type="button"
          variant="outline"
          size="sm"
          aria-pressed={wholeHistory}
          title={periodTexts.allTitle}
          className="aria-pressed:border-primary aria-pressed:bg-primary/10 aria-pressed:text-foreground"
          onClick={() => {
            onChange({ all: true, startDate: '', endDate: '' });
          }}
        >
          <History aria-hidden />
          {periodTexts.all}
        </Button>
        {!filters.startDate && (
          <p className="text-xs text-muted-foreground">
            {wholeHistory ? f.wholeHistory : f.defaultWindow}
          </p>
        )}
      </div>
    </div>
  );
}
