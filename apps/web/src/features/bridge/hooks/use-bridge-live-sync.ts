import { bridgeEventToasts, type BridgeEvent, type Mt5StatusSchema } from '@vortex/core';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import type { z } from 'zod';
import { useCurrentUser } from '../../../lib/session';
import { useLiveEvents } from '../../../lib/live';
import { bridgeKeys } from '../api/bridge-queries';

type Mt5Status = z.infer<typeof Mt5StatusSchema>;

/**
 * Keeps the bridge queries current from live events, so nothing waits for its next poll, and
 * shows the event toasts of trading.md §8 once per tab (never per panel), and ours: the bot
 * stopped by a risk limit. 'Todas sessões revogadas' is never shown: our server sends that event only
 * for 'Limpar sessões/tokens', which ends expired sessions alone and toasts its own outcome.
 */
export function useBridgeLiveSync(): void {
  const client = useQueryClient();
  const me = useCurrentUser();
  const applyBridgeStatus = (e: Extract<BridgeEvent, { type: 'bridge_status' }>) =>
    client.setQueryData<Mt5Status>(bridgeKeys.mt5Status, (old) => ({
      success: true,
      connected: e.connected && e.mt5_alive,
      mt5_connected: e.mt5_alive,
      bridge_connected: e.connected,
      account: e.account_number ?? old?.account ?? null,
      login: e.account_number ?? old?.login ?? null,
      server: old?.server ?? null,
      source: 'bridge',
    }));
  useLiveEvents((e: BridgeEvent) => {
    const mine = e.user_id === me?.id;
    if (e.type === 'bridge_status') {
      if (!mine) return;
      // A GET /mt5/status the server answered before this event (before the agent's hello) may
      // still be on its way: its 'not connected' would land after the event and stay, as no event
      // follows and nothing polls while the live channel is up. It is cancelled first.
      void client
        .cancelQueries({ queryKey: bridgeKeys.mt5Status })
        .then(() => applyBridgeStatus(e));
      void client.invalidateQueries({ queryKey: bridgeKeys.myBridges });
      return;
    }
    if (e.type === 'bot_risk_stop') {
      // A risk limit stopped the trader's bot: whichever screen they are on, they read why.
      if (mine) toast.error(e.message, { id: `bridge-event-${e.id}`, duration: 15_000 });
      return;
    }
    if (
      e.type === 'account_snapshot' ||
      e.type === 'positions_snapshot' ||
      e.type === 'deals_added' ||
      e.type === 'bars_added' ||
      e.type === 'bot_status'
    )
      return;
    if (mine) {
      void client.invalidateQueries({ queryKey: bridgeKeys.myBridges });
      void client.invalidateQueries({ queryKey: bridgeKeys.mt5Status });
    }
    const text = e.type === 'bridge_revoked_all' ? undefined : bridgeEventToasts[e.type];
    if (text) toast.info(text, { id: `bridge-event-${e.id}` });
  });
}
