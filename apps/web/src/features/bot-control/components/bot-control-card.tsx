import { formatTimePtBR, permissionsFor } from '@vortex/core';
import { CircleAlert, Play, Settings, Square } from 'lucide-react';
import { useNavigate } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { paths } from '../../../config/paths';
import { useMt5Status } from '../../../lib/mt5-status';
import { isAdmin, useCurrentUser } from '../../../lib/session';
import { useBotStatus } from '../api/get-bot-status';
import { useBotControl } from '../hooks/use-bot-control';
import { useBotStatusLiveRefresh } from '../hooks/use-bot-status-live-refresh';
import { botControlTexts as t } from '../messages';
import { BotCounters } from './bot-counters';
import { BotPrerequisites } from './bot-prerequisites';
import { BotRiskActions } from './bot-risk-actions';

/** 'Bot ativo' only when the started bot can trade: else why it cannot, or 'Bot parado'. */
function botBadge(active: boolean, blocked: string | null, paused: boolean): string {
  if (!active) return t.badges.botStopped;
  if (blocked) return t.badges.botBlocked;
  return paused ? t.badges.botPaused : t.badges.botActive;
}

/**
 * trading.md §2 'Bot control card': the trader's bot, its state, today's counters, start/stop;
 * and ours: pausing its entries and closing every position.
 */
export function BotControlCard() {
  useBotStatusLiveRefresh();
  const status = useBotStatus();
  const mt5 = useMt5Status();
  const control = useBotControl();
  const navigate = useNavigate();
  const me = useCurrentUser();
  const bot = status.data;
  const active = bot?.bot_active ?? false;
  // Started but unable to trade (no strategy, a symbol the terminal refuses): not 'Bot ativo'.
  const blocked = active ? (bot?.blocked ?? null) : null;
  // A viewer reads the bot but cannot start or stop it (the server answers 403).
  const canControl = me ? permissionsFor(me.role).includes('bot:control') : false;
  const mt5On = mt5.data?.mt5_connected ?? false;
  const bridgeOn = mt5.data?.bridge_connected ?? false;
  const pending = control.isPending ? control.variables : undefined;
  const settings = isAdmin(me) ? paths.fibonacci.path : paths.settings.path;

  const openSettings = () => {
    // /fibonacci is admin-only (spec §2); a failed in-app navigation falls back to a page load.
    Promise.resolve(navigate(settings)).catch(() => window.location.assign(settings));
  };

  return (
    <Card role="region" aria-labelledby="bot-control-title">
      <CardHeader className="flex-row flex-wrap items-center justify-between gap-3 pb-4">
        <CardTitle id="bot-control-title" className="text-lg">
          {t.title}
        </CardTitle>
        <div className="flex flex-wrap gap-2" aria-live="polite">
          <Badge variant={active ? (bot?.paused || blocked ? 'warning' : 'success') : 'neutral'}>
            {botBadge(active, blocked, bot?.paused ?? false)}
          </Badge>
          {active && bot?.entries_paused && (
            <Badge variant="warning">{t.badges.entriesPaused}</Badge>
          )}
          <Badge variant={mt5On ? 'success' : 'destructive'}>
            {mt5On ? t.badges.mt5On : t.badges.mt5Off}
          </Badge>
          <Badge variant={bridgeOn ? 'success' : 'destructive'}>
            {bridgeOn ? t.badges.bridgeOn : t.badges.bridgeOff}
          </Badge>
        </div>
      </CardHeader>
      <CardContent className="space-y-4">
        {status.isError && (
          <Alert variant="error">
            <CircleAlert aria-hidden />
            <span>{status.error.message || t.errors.connection}</span>
          </Alert>
        )}
        {bot?.error && (
          <Alert variant="error">
            <CircleAlert aria-hidden />
            <span>{bot.error}</span>
          </Alert>
        )}
        {blocked && blocked !== bot?.error && (
          <Alert variant="error">
            <CircleAlert aria-hidden />
            <span>{blocked}</span>
          </Alert>
        )}
        <BotCounters today={bot?.today} />
        {mt5.data && !mt5On && canControl && <BotPrerequisites admin={isAdmin(me)} />}
        <div className="flex flex-wrap items-center gap-3">
          {active ? (
            <Button
              variant="destructive"
              disabled={control.isPending || !canControl}
              aria-describedby={canControl ? undefined : 'bot-control-viewer'}
              onClick={() => control.mutate('stop')}
            >
              <Square aria-hidden />
              {pending === 'stop' ? t.stopping : t.stop}
            </Button>
          ) : (
            <Button
              disabled={control.isPending || !bot || !canControl}
              aria-describedby={canControl ? undefined : 'bot-control-viewer'}
              onClick={() => control.mutate('start')}
            >
              <Play aria-hidden />
              {pending === 'start' ? t.starting : t.start}
            </Button>
          )}
          {canControl && (
            <BotRiskActions
              active={active}
              entriesPaused={bot?.entries_paused ?? false}
              mt5On={mt5On}
            />
          )}
          <Button variant="outline" onClick={openSettings}>
            <Settings aria-hidden />
            {t.settings}
          </Button>
          {!canControl && (
            <p id="bot-control-viewer" className="w-full text-xs text-muted-foreground">
              {t.viewerNoControl}
            </p>
          )}
          <p className="ml-auto text-xs text-muted-foreground">
            {bot?.start_time && active && <span>{t.since(formatTimePtBR(bot.start_time))} · </span>}
            {status.dataUpdatedAt > 0 && t.lastUpdate(formatTimePtBR(status.dataUpdatedAt))}
          </p>
        </div>
      </CardContent>
    </Card>
  );
}
