import { currentWinSymbol } from '../market/win-series.js';
import { isCurrentSeries } from './series.js';

/**
 * When a bot's WIN symbol is not the contract trading on `now` (the spec's default, WINZ25,
 * expired in December 2025), the sentence that tells the trader which one is; null otherwise.
 */
export function contractHint(symbol: string, now: number): string | null {
  // The sentinel resolves to the current series wherever it is used: nothing to adjust.
  if (isCurrentSeries(symbol)) return null;
  const current = currentWinSymbol(now);
  if (!symbol.startsWith('WIN') || symbol === current) return null;
  return `O contrato vigente do mini-índice é ${current}: ajuste o símbolo na Parametrização VórtexBot.`;
}
