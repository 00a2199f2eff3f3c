import type { RecentAlert } from '@vortex/core';
import { useEffect, useRef } from 'react';

/** A short two-tone chime, drawn by the browser (no audio file to ship). */
function chime(): void {
  const Ctx = window.AudioContext as typeof AudioContext | undefined;
  if (!Ctx) return;
  const ctx = new Ctx();
  for (const [i, freq] of [880, 1320].entries()) {
    const osc = ctx.createOscillator();
    const gain = ctx.createGain();
    osc.frequency.value = freq;
    gain.gain.setValueAtTime(0.08, ctx.currentTime + i * 0.15);
    gain.gain.exponentialRampToValueAtTime(0.001, ctx.currentTime + i * 0.15 + 0.3);
    osc.connect(gain).connect(ctx.destination);
    osc.start(ctx.currentTime + i * 0.15);
    osc.stop(ctx.currentTime + i * 0.15 + 0.3);
  }
  setTimeout(() => void ctx.close(), 1_000);
}

/** Plays the chime when an alert newer than the ones first shown arrives, if sound is on. */
export function useAlertSound(alerts: RecentAlert[] | undefined, enabled: boolean): void {
  const newest = useRef<number | undefined>(undefined);
  useEffect(() => {
    const top = alerts?.[0]?.id;
    if (top === undefined) return;
    if (newest.current !== undefined && top > newest.current && enabled) chime();
    newest.current = Math.max(top, newest.current ?? 0);
  }, [alerts, enabled]);
}
