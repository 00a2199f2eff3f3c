import { useEffect, useRef } from 'react';
import { toast } from 'sonner';
import { Badge } from '../../../components/ui/badge';
import { useMt5Status } from '../api/bridge-queries';
import { bridgeTexts } from '../messages';

/** The header badge; a 3-second toast when a connection first appears (trading.md §2). */
export function BridgeBadge() {
  const { data } = useMt5Status();
  const online = data?.bridge_connected === true;
  const previous = useRef<boolean | undefined>(undefined);
  useEffect(() => {
    if (data === undefined) return;
    if (previous.current === false && online) {
      toast.success(bridgeTexts.connectedToast, { duration: 3000 });
    }
    previous.current = online;
  }, [data, online]);
  return (
    <Badge
      variant={online ? 'success' : 'neutral'}
      data-testid="bridge-badge"
      title={online && data.account !== null ? `${bridgeTexts.account} ${data.account}` : undefined}
    >
      <span
        aria-hidden
        className={
          online ? 'size-2 rounded-full bg-success' : 'size-2 rounded-full bg-muted-foreground/60'
        }
      />
      {online ? bridgeTexts.badgeOnline : bridgeTexts.badgeOffline}
    </Badge>
  );
}
