import { cn } from '../../../lib/cn';
import { useLiveFeed } from '../../../lib/live';
import { bridgeAdminTexts as t } from '../messages';

const dot = { open: 'bg-success', connecting: 'bg-amber-500', closed: 'bg-muted-foreground/40' };

/** The events the live channel delivered since the tab opened, and whether it is connected. */
export function LiveCounter() {
  const feed = useLiveFeed();
  return (
    <span
      data-testid="live-counter"
      title={t.sessions.liveStatus[feed.status]}
      className="inline-flex items-center gap-2 rounded-full border border-border bg-muted px-2.5 py-1 text-xs font-medium"
    >
      <span aria-hidden className={cn('size-2 rounded-full', dot[feed.status])} />
      {t.sessions.liveEvents}
      <span className="tabular-nums">{feed.received}</span>
      <span className="sr-only">({t.sessions.liveStatus[feed.status]})</span>
    </span>
  );
}
