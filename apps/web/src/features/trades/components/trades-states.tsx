import { CircleAlert, Inbox } from 'lucide-react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { tradesTexts as t } from '../messages';

export function TradesLoading() {
  return (
    <div role="status" className="flex items-center justify-center gap-3 py-16">
      <Spinner className="text-primary" />
      <span className="text-sm text-muted-foreground">{t.loading}</span>
    </div>
  );
}

/** The failure's reason, with §2's retry button only when asking again can help. */
export function TradesErrorState({
  message,
  onRetry,
}: {
  message: string;
  /** Absent for a refusal that a second try would repeat. */
  onRetry?: (() => void) | undefined;
}) {
  return (
    <div className="p-4 sm:p-5">
      <Alert variant="error" className="items-center">
        <CircleAlert aria-hidden />
        <span className="flex-1 font-medium">{message}</span>
        {onRetry && (
          <Button variant="outline" size="sm" onClick={onRetry}>
            {t.retry}
          </Button>
        )}
      </Alert>
    </div>
  );
}

/** No row to show: the filters matched nothing, and when the server sent none, it says so. */
export function TradesEmpty({ noneReturned }: { noneReturned: boolean }) {
  return (
    <div className="flex flex-col items-center gap-2 px-4 py-14 text-center">
      <Inbox aria-hidden className="size-8 text-muted-foreground/60" />
      <p className="text-sm font-medium">{t.noneInPeriod}</p>
      {noneReturned && <p className="text-xs text-muted-foreground">{t.noneReturned}</p>}
    </div>
  );
}
