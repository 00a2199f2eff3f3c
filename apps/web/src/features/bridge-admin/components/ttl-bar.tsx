import { formatDuration } from '@vortex/core';
import { cn } from '../../../lib/cn';
import { bridgeAdminTexts as t } from '../messages';
import { ttlState, type TtlTone } from '../utils/ttl';

const toneClass: Record<TtlTone, string> = {
  ok: 'bg-success',
  warn: 'bg-amber-500',
  danger: 'bg-destructive',
};

/** §4: the 12-hour lifetime as a bar that fills as time passes, and what is left of it. */
export function TtlBar({ remainingMs }: { remainingMs: number }) {
  const ttl = ttlState(remainingMs);
  const text = ttl.expired ? t.sessions.expired : formatDuration(remainingMs);
  const used = Math.round(ttl.elapsed * 100);
  return (
    <div className="w-32 space-y-1">
      <span
        className={cn(
          'block text-xs font-medium tabular-nums',
          ttl.expired || ttl.tone === 'danger' ? 'text-destructive' : 'text-foreground',
        )}
      >
        {text}
      </span>
      <div
        role="progressbar"
        aria-label={t.sessions.ttlLabel(text)}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={used}
        data-tone={ttl.tone}
        className="h-1.5 overflow-hidden rounded-full bg-muted"
      >
        <div
          className={cn('h-full rounded-full transition-[width]', toneClass[ttl.tone])}
          style={{ width: `${used}%` }}
        />
      </div>
    </div>
  );
}
