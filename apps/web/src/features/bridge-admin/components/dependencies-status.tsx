import type { Health } from '@vortex/core';
import { CircleCheck, CircleMinus, CircleX, RotateCw, type LucideIcon } from 'lucide-react';
import { Badge, type BadgeVariant } from '../../../components/ui/badge';
import { useServerHealth } from '../api/server-health';
import { bridgeAdminTexts as t } from '../messages';
import { formatBytes } from '../../../lib/format-bytes';

const d = t.health.dependencies;

interface Row {
  label: string;
  state: string;
  variant: BadgeVariant;
  detail?: string | undefined;
}

// Each state has its own icon and word: the colour is never the only sign (WCAG 1.4.1).
const icons: Record<BadgeVariant, LucideIcon> = {
  success: CircleCheck,
  destructive: CircleX,
  warning: RotateCw,
  neutral: CircleMinus,
  primary: CircleCheck,
};

const mailVariant: Record<Health['mail']['state'], BadgeVariant> = {
  ok: 'success',
  failing: 'destructive',
  unknown: 'neutral',
};

const latency = (ms: number | null) => (ms === null ? undefined : d.latency(Math.round(ms)));

function rowsOf(h: Health): Row[] {
  const db = h.database.state;
  const disk = h.disk;
  const known = disk.free_bytes !== null && disk.total_bytes !== null;
  return [
    {
      label: d.database,
      state: d[db],
      variant: db === 'up' ? 'success' : db === 'restarting' ? 'warning' : 'destructive',
      detail: latency(h.database.latency_ms),
    },
    {
      label: d.redis,
      state: d[h.redis.state],
      variant:
        h.redis.state === 'up' ? 'success' : h.redis.state === 'down' ? 'destructive' : 'neutral',
      detail: h.redis.state === 'disabled' ? d.disabledHint : latency(h.redis.latency_ms),
    },
    {
      label: d.mail,
      state: { ok: d.mailOk, failing: d.mailFailing, unknown: d.mailUnknown }[h.mail.state],
      variant: mailVariant[h.mail.state],
      detail: d.mailMode[h.mail.mode],
    },
    {
      label: d.disk,
      state: !known ? d.diskUnknown : disk.low ? d.diskLow : d.diskOk,
      variant: !known ? 'neutral' : disk.low ? 'destructive' : 'success',
      detail: known
        ? d.diskFree(formatBytes(disk.free_bytes ?? 0), formatBytes(disk.total_bytes ?? 0))
        : undefined,
    },
  ];
}

/** GET /health's view of what the server depends on: database, Redis, mail and DATA_DIR's disk. */
export function DependenciesStatus() {
  const query = useServerHealth();
  if (query.isError) return <p className="text-sm text-muted-foreground">{d.unavailable}</p>;
  if (!query.data) return null;
  return (
    <section aria-labelledby="health-dependencies" className="space-y-2">
      <h3 id="health-dependencies" className="text-sm font-medium">
        {d.title}
      </h3>
      <ul className="grid gap-3 sm:grid-cols-2 2xl:grid-cols-4">
        {rowsOf(query.data).map((row) => {
          const Icon = icons[row.variant];
          return (
            <li
              key={row.label}
              className="flex flex-col gap-1 rounded-lg border border-border bg-background/40 p-3"
            >
              <div className="flex items-center justify-between gap-2">
                <p className="text-sm font-medium">{row.label}</p>
                <Badge variant={row.variant}>
                  <Icon aria-hidden className="size-3.5" />
                  {row.state}
                </Badge>
              </div>
              {row.detail && <p className="text-xs text-muted-foreground">{row.detail}</p>}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
