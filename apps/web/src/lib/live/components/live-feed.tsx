import { formatTimePtBR, type BridgeEvent } from '@vortex/core';
import { Radio } from 'lucide-react';
import { Badge } from '../../../components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { useLiveFeed } from '../live-context';
import { eventLabels, liveTexts } from '../messages';

/** How many of the kept events the list renders; the rest stay in memory for the counters. */
const SHOWN = 50;

function detail(e: BridgeEvent): string {
  const parts = [`${liveTexts.user} ${e.user_id}`];
  if ('account_number' in e && e.account_number)
    parts.push(`${liveTexts.account} ${e.account_number}`);
  if (e.type === 'bridge_status') parts.push(e.connected ? 'online' : 'offline');
  if (e.type === 'deals_added') parts.push(`${e.count} deals`);
  if (e.type === 'bars_added') parts.push(`${e.symbol} ${e.timeframe} · ${e.count} barras`);
  return parts.join(' · ');
}

/** The tab's live channel: its state and the newest events first. */
export function LiveFeed() {
  const feed = useLiveFeed();
  const events = feed.events.slice(-SHOWN).reverse();
  const state =
    feed.status === 'open'
      ? { text: liveTexts.open, variant: 'success' as const }
      : feed.status === 'connecting'
        ? { text: liveTexts.connecting, variant: 'primary' as const }
        : { text: liveTexts.closed, variant: 'warning' as const };
  return (
    <Card>
      <CardHeader className="flex-row items-center justify-between gap-2">
        <CardTitle className="flex items-center gap-2 text-base">
          <Radio aria-hidden className="size-4" />
          {liveTexts.title}
        </CardTitle>
        <Badge variant={state.variant} data-testid="live-status">
          {state.text}
        </Badge>
      </CardHeader>
      <CardContent className="space-y-2">
        <p className="text-xs text-muted-foreground">{liveTexts.kept(feed.received)}</p>
        {events.length === 0 ? (
          <p className="py-6 text-center text-sm text-muted-foreground">{liveTexts.empty}</p>
        ) : (
          <ul
            aria-label={liveTexts.title}
            className="max-h-80 divide-y divide-border overflow-y-auto"
          >
            {events.map((e) => (
              <li
                key={`${e.id}-${e.at}`}
                className="flex items-baseline justify-between gap-3 py-2 text-sm"
              >
                <span className="font-medium">{eventLabels[e.type]}</span>
                <span className="min-w-0 flex-1 truncate text-xs text-muted-foreground">
                  {detail(e)}
                </span>
                <time className="shrink-0 font-mono text-xs text-muted-foreground" dateTime={e.at}>
                  {formatTimePtBR(e.at)}
                </time>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
