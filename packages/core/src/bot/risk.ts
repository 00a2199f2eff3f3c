import { formatBRL } from '../format/number.js';
import type { RiskConfig } from './config.schema.js';

/** What the risk limits are judged on, in reais; null where the bot has no reading yet. */
export interface RiskReading {
  /** Today's closed result (net of costs) of the positions carrying the bot's magics. */
  closedToday: number;
  /** The open result (profit and swap) of the bot's positions now. */
  openResult: number;
  /** The account's equity now. */
  equity: number | null;
  /** The account's highest equity since the bot started. */
  peakEquity: number | null;
}

export type RiskBreach =
  | { kind: 'daily_loss'; loss: number; limit: number }
  | { kind: 'max_drawdown'; drawdown: number; limit: number; peak: number; equity: number };

// Reais to the centavo: a loss of 499.999999 against a 500 limit is not a breach.
const cents = (value: number) => Math.round(value * 100) / 100;

/** The highest equity seen, given the previous peak and a new reading. */
export function nextPeakEquity(peak: number | null, equity: number | null): number | null {
  if (equity === null) return peak;
  return peak === null || equity > peak ? equity : peak;
}

/**
 * The first limit the reading reaches, or null. A limit of 0 is off; a limit is reached when
 * the loss (or the drawdown) is at least the limit.
 */
export function riskBreach(reading: RiskReading, limits: RiskConfig): RiskBreach | null {
  const loss = cents(-(reading.closedToday + reading.openResult));
  if (limits.daily_loss_limit > 0 && loss >= limits.daily_loss_limit) {
    return { kind: 'daily_loss', loss, limit: limits.daily_loss_limit };
  }
  const { equity, peakEquity: peak } = reading;
  if (limits.max_drawdown > 0 && equity !== null && peak !== null) {
    const drawdown = cents(peak - equity);
    if (drawdown >= limits.max_drawdown) {
      return { kind: 'max_drawdown', drawdown, limit: limits.max_drawdown, peak, equity };
    }
  }
  return null;
}

/** The pt-BR sentence that tells the trader which limit stopped the bot. */
export function riskBreachMessage(breach: RiskBreach): string {
  const after = 'O bot fechou as posições que abriu e foi parado.';
  return breach.kind === 'daily_loss'
    ? `Limite de perda diária atingido: perda de ${formatBRL(breach.loss)} ` +
        `(limite ${formatBRL(breach.limit)}). ${after}`
    : `Rebaixamento máximo atingido: ${formatBRL(breach.drawdown)} abaixo do pico de ` +
        `${formatBRL(breach.peak)} (limite ${formatBRL(breach.limit)}). ${after}`;
}
