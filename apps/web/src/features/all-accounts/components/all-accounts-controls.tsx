import { CustomPeriodForm } from '../../../components/period/custom-period-form';
import type { CustomDates, Period } from '../../../components/period/period';
import { periodTexts } from '../../../components/period/period-texts';
import { cn } from '../../../lib/cn';
import { allAccountsTexts as t } from '../messages';

const c = t.controls;

const pill = (pressed: boolean) =>
  cn(
    'h-8 rounded-md px-3 text-sm font-medium whitespace-nowrap text-muted-foreground transition-colors hover:text-foreground',
    'focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none',
    pressed && 'bg-card text-foreground shadow-sm',
  );

/** 'Todo o histórico' or a 'De / Até', and the currency whose accounts are summed. */
export function AllAccountsControls(props: {
  period: Period;
  customInitial: CustomDates | null;
  currencies: readonly string[];
  currency: string | null;
  onPeriod: (period: Period) => void;
  onCurrency: (currency: string) => void;
}) {
  const { period } = props;
  return (
    <div
      role="search"
      aria-label={c.label}
      className="flex flex-wrap items-end gap-x-6 gap-y-3 rounded-xl border border-border bg-card p-4 shadow-sm sm:p-5"
    >
      <div className="space-y-1.5">
        <span id="all-accounts-period" className="text-sm leading-none font-medium">
          {c.period}
        </span>
        <div
          role="group"
          aria-labelledby="all-accounts-period"
          className="flex flex-wrap gap-1 rounded-lg bg-muted p-1"
        >
          <button
            type="button"
            aria-pressed={period.kind === 'all'}
            title={periodTexts.allTitle}
            onClick={() => {
              props.onPeriod({ kind: 'all' });
            }}
            className={pill(period.kind === 'all')}
          >
            {periodTexts.all}
          </button>
        </div>
      </div>
      {props.currencies.length > 0 && (
        <div className="space-y-1.5">
          <span id="all-accounts-currency" className="text-sm leading-none font-medium">
            {c.currency}
          </span>
          <div
            role="group"
            aria-labelledby="all-accounts-currency"
            className="flex flex-wrap gap-1 rounded-lg bg-muted p-1"
          >
            {props.currencies.map((code) => (
              <button
                key={code}
                type="button"
                aria-pressed={props.currency === code}
                title={c.currencyTitle(code)}
                onClick={() => {
                  props.onCurrency(code);
                }}
                className={pill(props.currency === code)}
              >
                {code}
              </button>
            ))}
          </div>
        </div>
      )}
      <CustomPeriodForm
        key={period.kind === 'custom' ? `${period.from}..${period.to}` : 'all'}
        id="all-accounts-custom"
        className="basis-full"
        initial={props.customInitial}
        onApply={(dates) => {
          props.onPeriod({ kind: 'custom', ...dates });
        }}
      />
    </div>
  );
}
