import type { DeliveryDetail } from '@vortex/core';
import { CircleAlert, CircleCheck, X } from 'lucide-react';
import { Badge, type BadgeVariant } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';
import { commTexts as t } from '../messages';

/** What the last send or test came to (§2: a result panel below the tabs; §8: 'Erro' in red). */
export type CommResult =
  | { kind: 'error'; message: string }
  | { kind: 'success'; ok: boolean; message: string; details: DeliveryDetail[] };

const STATUS_VARIANT: Record<DeliveryDetail['status'], BadgeVariant> = {
  sent: 'success',
  pending: 'warning',
  failed: 'destructive',
  skipped: 'neutral',
  unavailable: 'warning',
};

export function ResultPanel({ result, onClose }: { result: CommResult; onClose: () => void }) {
  const error = result.kind === 'error';
  // An answer where nothing went (a test no channel sent) is no 'Sucesso'.
  const nothingSent =
    result.kind === 'success' && !result.ok && !result.details.some((d) => d.success);
  const Icon = error || nothingSent ? CircleAlert : CircleCheck;
  return (
    <section
      role={error ? 'alert' : 'status'}
      aria-label={t.resultTitle}
      className={cn(
        'rounded-xl border p-4 text-sm',
        error
          ? 'border-destructive/40 bg-destructive/10'
          : nothingSent
            ? 'border-amber-500/40 bg-amber-500/10'
            : 'border-success/40 bg-success/10',
      )}
    >
      <div className="flex items-start gap-3">
        <Icon
          aria-hidden
          className={cn(
            'mt-0.5 size-5 shrink-0',
            error
              ? 'text-destructive'
              : nothingSent
                ? 'text-amber-600 dark:text-amber-400'
                : 'text-success',
          )}
        />
        <div className="min-w-0 flex-1 space-y-1">
          <h3 className={cn('font-semibold', error && 'text-destructive')}>
            {error ? t.errorTitle : nothingSent ? t.nothingSentTitle : t.successTitle}
          </h3>
          <p className={error ? 'text-destructive' : 'text-foreground'}>{result.message}</p>
        </div>
        <Button
          variant="ghost"
          size="icon"
          aria-label={t.closeResult}
          title={t.closeResult}
          onClick={onClose}
        >
          <X />
        </Button>
      </div>
      {result.kind === 'success' && result.details.length > 0 && (
        <ul className="mt-3 max-h-60 divide-y divide-border overflow-y-auto rounded-lg border border-border bg-card">
          {result.details.map((d, i) => (
            <li
              key={`${d.channel}-${d.user_id ?? d.contact}-${i}`}
              className="flex flex-wrap items-center gap-x-3 gap-y-1 px-3 py-2"
            >
              <Badge variant={STATUS_VARIANT[d.status]}>{t.status[d.status]}</Badge>
              <span className="font-medium">{d.username ?? t.types[d.channel]}</span>
              <span className="text-muted-foreground">{d.contact}</span>
              {d.error && (
                <span className="w-full text-xs text-muted-foreground sm:w-auto">{d.error}</span>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
