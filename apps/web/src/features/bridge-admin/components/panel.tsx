import { CircleAlert, RefreshCw } from 'lucide-react';
import type { ReactNode } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { cn } from '../../../lib/cn';
import { BridgeAdminError } from '../api/request';
import { bridgeAdminTexts as t } from '../messages';

interface PanelProps {
  id: string;
  title: string;
  description?: ReactNode;
  /** Filters and buttons, beside the title on wide screens and under it on narrow ones. */
  toolbar?: ReactNode;
  children: ReactNode;
  className?: string;
}

/** One of the five panels: a titled card, its toolbar and its content. */
export function Panel({ id, title, description, toolbar, children, className }: PanelProps) {
  return (
    <Card
      aria-labelledby={`${id}-title`}
      role="region"
      className={cn('overflow-hidden', className)}
    >
      <div className="flex flex-wrap items-end justify-between gap-4 border-b border-border p-4 sm:p-5">
        <div className="min-w-0 space-y-1">
          <h2 id={`${id}-title`} className="text-lg font-semibold tracking-tight">
            {title}
          </h2>
          {description && <p className="text-sm text-muted-foreground">{description}</p>}
        </div>
        {toolbar && <div className="flex flex-wrap items-end gap-3">{toolbar}</div>}
      </div>
      {children}
    </Card>
  );
}

export function RefreshButton({ onClick, busy }: { onClick: () => void; busy: boolean }) {
  return (
    <Button variant="outline" onClick={onClick} disabled={busy}>
      <RefreshCw className={cn(busy && 'animate-spin')} />
      {t.refresh}
    </Button>
  );
}

/** §8: a failed list says 'HTTP {status}' inline, with the server's reason when it gave one. */
export function PanelError({ error, onRetry }: { error: Error; onRetry: () => void }) {
  const detail = error instanceof BridgeAdminError ? error.detail : undefined;
  return (
    <div className="p-4 sm:px-5">
      <Alert variant="error" className="items-center">
        <CircleAlert aria-hidden />
        <span className="flex-1">
          <span className="font-medium">{error.message}</span>
          {detail && <span className="text-destructive/80"> · {detail}</span>}
        </span>
        <Button variant="outline" size="sm" onClick={onRetry}>
          {t.retry}
        </Button>
      </Alert>
    </div>
  );
}
