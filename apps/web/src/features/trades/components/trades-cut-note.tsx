import { tradesTexts as t } from '../messages';

/**
 * The list holds the newest 6000 positions of a longer period: says so, and that the totals
 * above cover every one of them (or, without the totals, that a shorter period shows the rest).
 */
export function TradesCutNote(props: {
  shown: number;
  listed: number;
  /** Positions the totals cover; null while they are not at hand. */
  covered: number | null;
  magic: number | null;
  totalsError: string | null;
}) {
  const text =
    props.covered === null
      ? t.truncated(props.shown, props.listed)
      : `${t.listCut(props.shown, props.listed)}; ${t.totalsCoverAll(props.covered, props.magic)}`;
  return (
    <div
      role="status"
      data-testid="trades-cut"
      className="space-y-1 border-b border-border bg-muted/40 px-4 py-2 text-sm text-muted-foreground sm:px-5"
    >
      <p>{text}</p>
      {props.totalsError !== null && props.covered === null && (
        <p className="text-destructive">{t.totalsError(props.totalsError)}</p>
      )}
    </div>
  );
}
