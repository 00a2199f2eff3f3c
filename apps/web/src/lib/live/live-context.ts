import type { BridgeEvent } from '@vortex/core';
import { createContext, useContext, useEffect, useRef, useSyncExternalStore } from 'react';
import type { LiveConnection, LiveSnapshot } from './live-connection';

export const LiveContext = createContext<LiveConnection | null>(null);

const IDLE: LiveSnapshot = { status: 'closed', events: [], received: 0 };
const noop = () => () => undefined;

/** The live channel's state and its last 300 events (idle outside the logged-in layout). */
export function useLiveFeed(): LiveSnapshot {
  const live = useContext(LiveContext);
  return useSyncExternalStore(live?.subscribe ?? noop, live?.getSnapshot ?? (() => IDLE));
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
