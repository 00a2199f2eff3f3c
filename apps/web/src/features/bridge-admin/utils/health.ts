import { HEALTH_THRESHOLDS } from '@vortex/core';

export type HealthMetric = keyof typeof HEALTH_THRESHOLDS;
export type HealthLevel = 'ok' | 'warn' | 'danger';

/** §9: warn strictly above the first threshold, danger strictly above the second. */
export function healthLevel(metric: HealthMetric, value: number): HealthLevel {
  const [warn, danger] = HEALTH_THRESHOLDS[metric];
  return value > danger ? 'danger' : value > warn ? 'warn' : 'ok';
}
