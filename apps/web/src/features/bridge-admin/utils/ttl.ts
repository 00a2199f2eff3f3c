import { BRIDGE_SESSION_TTL_MS } from '@vortex/core';

/** trading.md §4, §9: a bridge session lives 12 hours, the same constant the server uses. */
export const SESSION_LIFETIME_MS = BRIDGE_SESSION_TTL_MS;

export type TtlTone = 'ok' | 'warn' | 'danger';

export interface TtlState {
  /** Share of the lifetime used up, 0..1: the bar fills as time passes. */
  elapsed: number;
  /** §9: under 10% remaining is red, under 25% yellow, else green. */
  tone: TtlTone;
  expired: boolean;
}

export function ttlState(remainingMs: number): TtlState {
  const remaining = Math.min(1, Math.max(0, remainingMs / SESSION_LIFETIME_MS));
  return {
    elapsed: 1 - remaining,
    tone: remaining < 0.1 ? 'danger' : remaining < 0.25 ? 'warn' : 'ok',
    expired: remainingMs <= 0,
  };
}
