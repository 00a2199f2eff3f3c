import {
  connectionLostAlert,
  mt5ErrorAlert,
  riskStopAlert,
  tradeCloseAlert,
  tradeOpenAlert,
  type BridgeEvent,
  type Mt5Deal,
} from '@vortex/core';
import type { FastifyBaseLogger } from 'fastify';
import type { EventBus } from '../live/event-bus.js';
import type { AlertDispatcher } from './alert-dispatcher.js';

/**
 * Only deals this recent raise trade alerts: a freshly paired agent streams months of history,
 * and none of it is news. Wide enough for a deal that waited in an agent's outbox a while.
 */
export const TRADE_ALERT_MAX_AGE_MS = 10 * 60_000;

/** A bridge gone this long is a lost connection, not an agent restarting. */
export const CONNECTION_GRACE_MS = 60_000;

const DEAL_ENTRY_IN = 0;
const isTrade = (d: Mt5Deal) => d.type === 0 || d.type === 1;

/** Which trade alert a deal raises, if any (entry 0 opens; out, in/out and out-by close). */
export function tradeAlertOf(deal: Mt5Deal, now: number, currency = 'BRL') {
  if (!isTrade(deal) || now - deal.time * 1000 > TRADE_ALERT_MAX_AGE_MS) return undefined;
  return deal.entry === DEAL_ENTRY_IN ? tradeOpenAlert(deal) : tradeCloseAlert(deal, currency);
}

/**
 * Hears the bridge's events and raises the alerts they mean. A bridge event is stamped once,
 * where it was published, so its id and time name it on every instance that hears it.
 */
export function watchAlerts(deps: {
  bus: EventBus;
  dispatcher: AlertDispatcher;
  log: FastifyBaseLogger;
  now?: () => number;
  /** A bridge back within this time (an agent restarting, a blip) raises no alert. */
  connectionGraceMs?: number;
}): () => void {
  const now = deps.now ?? Date.now;
  const grace = deps.connectionGraceMs ?? CONNECTION_GRACE_MS;
  const lost = new Map<number, NodeJS.Timeout>();
  // Whether each user's MT5 was last heard alive, to alert on the change only.
  const mt5Alive = new Map<number, boolean>();
  const raise = (e: BridgeEvent, alert: Parameters<AlertDispatcher['raise']>[1], key: string) => {
    deps.dispatcher
      .raise(e.user_id, alert, key)
      .catch((err: unknown) => deps.log.warn({ err, key }, 'alert not raised'));
  };
  const unsubscribe = deps.bus.subscribe((e) => {
    if (e.type === 'deals_added') {
      for (const deal of e.deals) {
        const alert = tradeAlertOf(deal, now(), e.currency);
        if (alert) raise(e, alert, `${alert.type}:${e.user_id}:${e.account_number}:${deal.ticket}`);
      }
    } else if (e.type === 'bridge_status') {
      const wasAlive = mt5Alive.get(e.user_id) ?? false;
      mt5Alive.set(e.user_id, e.connected && e.mt5_alive);
      const eventKey = `${e.user_id}:${e.at}:${e.id}`;
      clearTimeout(lost.get(e.user_id));
      lost.delete(e.user_id);
      if (!e.connected) {
        const alert = connectionLostAlert(e.account_number);
        lost.set(
          e.user_id,
          setTimeout(() => {
            lost.delete(e.user_id);
            raise(e, alert, `connection_error:${eventKey}`);
          }, grace),
        );
      } else if (wasAlive && !e.mt5_alive)
        raise(e, mt5ErrorAlert(e.account_number), `mt5_error:${eventKey}`);
    } else if (e.type === 'bot_risk_stop') {
      raise(e, riskStopAlert(e.message), `bot_risk_stop:${e.user_id}:${e.at}:${e.id}`);
    }
  });
  return () => {
    unsubscribe();
    for (const timer of lost.values()) clearTimeout(timer);
    lost.clear();
  };
}
