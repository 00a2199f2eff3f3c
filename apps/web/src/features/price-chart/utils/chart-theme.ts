import type { Theme } from '../../../lib/theme';
import type { MarkerKind } from './chart-data';

export interface ChartPalette {
  text: string;
  grid: string;
  border: string;
  crosshair: string;
  up: string;
  down: string;
  markers: Record<MarkerKind, string>;
}

/**
 * The canvas cannot read CSS variables, so each theme has its colours here, matched to the
 * app's tokens. Markers avoid the candles' green and red so they stand out on them.
 */
export const chartPalettes: Record<Theme, ChartPalette> = {
  light: {
    text: '#64748b',
    grid: '#eef2f6',
    border: '#e2e8f0',
    crosshair: '#94a3b8',
    up: '#16a34a',
    down: '#dc2626',
    markers: { buy: '#2563eb', sell: '#ea580c', exitGain: '#0f766e', exitLoss: '#9333ea' },
  },
  dark: {
    text: '#94a3b8',
    grid: '#1e293b',
    border: '#334155',
    crosshair: '#64748b',
    up: '#22c55e',
    down: '#ef4444',
    markers: { buy: '#60a5fa', sell: '#fb923c', exitGain: '#5eead4', exitLoss: '#c084fc' },
  },
};
