import { CalendarRange } from 'lucide-react';
import { useState, type SyntheticEvent } from 'react';
import { cn } from '../../lib/cn';
import { Button } from '../ui/button';
import { Input } from '../ui/input';
import { Label } from '../ui/label';
import { brDate, parseBrDate, type CustomDates } from './period';
import { periodTexts as t } from './period-texts';

interface CustomPeriodFormProps {
  /** Prefixes the inputs' ids: two forms on one page never share one. */
  id: string;
  /** The dates the fields start with (the period shown, or the account's own). */
  initial: CustomDates | null;
  onApply: (dates: CustomDates) => void;
  className?: string;
}

interface Errors {
  from?: string;
  to?: string;
}

function check(fromText: string, toText: string): { dates?: CustomDates; errors: Errors } {
  const from = parseBrDate(fromText);
  const to = parseBrDate(toText);
  const errors: Errors = {};
  if (from === null) errors.from = t.invalidFrom;
  if (to === null) errors.to = t.invalidTo;
  if (from === null || to === null) return { errors };
  if (to < from) return { errors: { to: t.inverted } };
  return { dates: { from, to }, errors };
}

/**
 * 'De' and 'Até' as dd/mm/aaaa, applied by the button or Enter (typing changes nothing on its
 * own: no request per keystroke, no context change while typing, WCAG 3.2.2). A bad or inverted
 * date is said beside its field and announced; nothing is asked then.
 */
export function CustomPeriodForm({ id, initial, onApply, className }: CustomPeriodFormProps) {
  const [fromText, setFromText] = useState(initial ? brDate(initial.from) : '');
  const [toText, setToText] = useState(initial ? brDate(initial.to) : '');
  const [errors, setErrors] = useState<Errors>({});
  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    const result = check(fromText, toText);
    setErrors(result.errors);
    if (result.dates) onApply(result.dates);
  };
  const hintId = `${id}-hint`;
  const field = (name: 'from' | 'to', value: string, setValue: (text: string) => void) => {
    const inputId = `${id}-${name}`;
    const errorId = errors[name] ? `${inputId}-error` : undefined;
    return (
      <div className="w-36 space-y-1.5">
        <Label htmlFor={inputId}>{t[name]}</Label>
        <Input
          id={inputId}
          name={name}
          inputMode="numeric"
          autoComplete="off"
          placeholder={t.format}
          maxLength={10}
          value={value}
          aria-invalid={errors[name] ? true : undefined}
          aria-describedby={[hintId, errorId].filter(Boolean).join(' ')}
          onChange={(event) => {
            setValue(event.target.value);
          }}
        />
      </div>
    );
  };
  return (
    <form
      noValidate
      onSubmit={submit}
      aria-label={t.customLegend}
      className={cn('flex flex-wrap items-end gap-x-3 gap-y-2', className)}
    >
      {field('from', fromText, setFromText)}
      {field('to', toText, setToText)}
      <Button type="submit" variant="outline">
        <CalendarRange aria-hidden />
        {t.apply}
      </Button>
      <p id={hintId} className="w-full text-xs text-muted-foreground">
        {t.formatHint}
      </p>
      {(errors.from ?? errors.to) && (
        <div role="alert" className="w-full">
          {errors.from && (
            <p id={`${id}-from-error`} className="text-sm font-medium text-destructive">
              {errors.from}
            </p>
          )}
          {errors.to && (
            <p id={`${id}-to-error`} className="text-sm font-medium text-destructive">
              {errors.to}
            </p>
          )}
        </div>
      )}
    </form>
  );
}
