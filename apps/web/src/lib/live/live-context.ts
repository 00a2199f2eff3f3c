import type { BridgeEvent } from '@vortex/core';
import { createContext, useContext, useEffect, useRef, useSyncExternalStore } from 'react';
import type { LiveConnection, LiveSnapshot, LiveStatus } from './live-connection';

export const LiveContext = createContext<LiveConnection | null>(null);

const IDLE: LiveSnapshot = { status: 'closed', events: [], received: 0 };
const noop = () => () => undefined;

/** The live channel's state and its last 300 events (idle outside the logged-in layout). */
export function useLiveFeed(): LiveSnapshot {
  const live = useContext(LiveContext);
  return useSyncExternalStore(live?.subscribe ?? noop, live?.getSnapshot ?? (() => IDLE));
}

/** The channel's status alone: its readers re-render when it opens or drops, not per event. */
export function useLiveStatus(): LiveStatus {
  const live = useContext(LiveContext);
  return useSyncExternalStore(
    live?.subscribe ?? noop,
    () => live?.getSnapshot().status ?? 'closed',
  );
}

/**
 * A query's poll for data the live channel delivers: off while the channel is open (its events
 * refresh the query), `ms` while it is down or connecting, so a dropped channel misses nothing.
 */
export function usePollWhileLiveDown(ms: number | false): number | false {
  return useLiveStatus() === 'open' ? false : ms;
}

/** Calls `listener` for every live event from now on; the latest listener is always used. */
export function useLiveEvents(listener: (e: BridgeEvent) => void): void {
  const live = useContext(LiveContext);
  const latest = useRef(listener);
  useEffect(() => {
    latest.current = listener;
  });
  useEffect(() => live?.onEvent((e) => latest.current(e)), [live]);
}
