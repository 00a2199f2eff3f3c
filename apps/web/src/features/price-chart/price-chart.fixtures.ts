import { ClosedPositionRecordSchema, type Bar, type ClosedPositionRecord } from '@vortex/core';
import { json } from '../../test/fake-api';

// 2025-11-21 13:00 UTC (10:00 in São Paulo), a whole hour.
export const T0 = 1_763_730_000;

export const bar = (time: number, open = 128_000): Bar => ({
  time,
  open,
  high: open + 40,
  low: open - 30,
  close: open + 10,
  tick_volume: 100,
  volume: 20,
});

/** An hour of M5 bars from T0. */
export const m5Bars: Bar[] = Array.from({ length: 12 }, (_, i) =>
  bar(T0 + i * 300, 128_000 + i * 5),
);

export function trade(
  id: number,
  over: { open: number; close: number; symbol?: string; type?: 'BUY' | 'SELL'; net?: number },
): ClosedPositionRecord {
  return ClosedPositionRecordSchema.parse({
    position_id: String(id),
    round_trip: 1,
    symbol: over.symbol ?? 'WINZ25',
    magic: 135_000,
    type: over.type ?? 'BUY',
    volume: 1,
    entry_price: 128_010,
    exit_price: 128_050,
    open_time: over.open * 1000,
    close_time: over.close * 1000,
    duration: '0h 10m',
    profit: over.net ?? 8,
    commission: 0,
    swap: 0,
    net_profit: over.net ?? 8,
    exit_reason: 'TP',
    status: 'closed',
    is_complete: true,
  });
}

export const tradesAnswer = (trades: ClosedPositionRecord[]) =>
  json({
    success: true,
    trades,
    total: trades.length,
    account: 5_012_345,
    data_source: 'bridge',
    processing_info: { deals_processed: trades.length * 2 },
  });

export const barsAnswer = (symbol: string, bars: Bar[], requested = false, timeframe = 'M5') =>
  json({
    success: true,
    symbol,
    timeframe,
    bars,
    source: bars.length > 0 ? 'M1' : null,
    bars_requested: requested,
  });
