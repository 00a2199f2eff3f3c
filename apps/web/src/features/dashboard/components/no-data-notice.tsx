import { Link2Off, MonitorX, PlugZap, Unplug, RotateCw, type LucideIcon } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { cn } from '../../../lib/cn';
import { dashboardTexts } from '../messages';
import type { BridgeInfo } from '../utils/data-state';

const t = dashboardTexts.notice;

const variants: Record<
  BridgeInfo,
  { title: string; text: string; Icon: LucideIcon; tone: 'ok' | 'warn' }
> = {
  awaiting: { ...t.awaiting, Icon: PlugZap, tone: 'ok' },
  unreachable: { ...t.unreachable, Icon: Unplug, tone: 'warn' },
  unpaired: { ...t.unpaired, Icon: Link2Off, tone: 'warn' },
  mt5_off: { ...t.mt5Off, Icon: MonitorX, tone: 'warn' },
};

/** With no data, what the bridge says about why (trading.md §2), and a way to ask again. */
export function NoDataNotice({
  info,
  checking,
  onVerify,
}: {
  info: BridgeInfo;
  checking: boolean;
  onVerify: () => void;
}) {
  const v = variants[info];
  return (
    <Card role="region" aria-label={t.title} className="flex flex-wrap items-start gap-4 p-6">
      <span
        className={cn(
          'grid size-12 shrink-0 place-items-center rounded-xl',
          v.tone === 'ok' ? 'bg-success/10 text-success' : 'bg-amber-500/10 text-amber-600',
          v.tone === 'warn' && 'dark:text-amber-300',
        )}
      >
        <v.Icon aria-hidden className="size-6" />
      </span>
      <div className="min-w-56 flex-1 space-y-1">
        <p className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">
          {t.title}
        </p>
        <h2 className="text-lg font-semibold">{v.title}</h2>
        <p className="text-sm text-muted-foreground">{v.text}</p>
      </div>
      <Button variant="outline" onClick={onVerify} disabled={checking}>
        <RotateCw className={checking ? 'animate-spin' : undefined} />
        {checking ? t.verifying : t.verify}
      </Button>
    </Card>
  );
}
