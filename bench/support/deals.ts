/** Synthetic MT5 deals for the ingestion benchmark, the same for every run of a given size. */
import type { Mt5Deal } from '@vortex/core';
import { mulberry32 } from '../generate.js';

const SYMBOLS = ['WINZ25', 'WDOZ25', 'PETR4', 'VALE3', 'ITUB4', 'BBDC4', 'ABEV3', 'BBAS3'];
const START_S = Date.UTC(2022, 0, 3, 12) / 1000;

/**
 * n deals with tickets 1..n in time order: entries and exits in pairs of one position each, as a
 * netting account reports them, with a bot's comment on some. About 300 bytes each as JSON.
 */
export function generateDeals(n: number, seed = 7): Mt5Deal[] {
  const random = mulberry32(seed);
  const deals = new Array<Mt5Deal>(n);
  let time = START_S;
  let entry = { symbol: 'WINZ25', type: 0, volume: 1 };
  for (let i = 0; i < n; i++) {
    const ticket = i + 1;
    const exit = ticket % 2 === 0;
    time += 1 + Math.floor(random() * 120);
    const price = Math.round((100 + random() * 130_000) * 100) / 100;
    // An exit closes its entry whole: same symbol and volume, the opposite side (the server
    // builds round trips from them).
    const symbol = exit
      ? entry.symbol
      : (SYMBOLS[Math.floor(random() * SYMBOLS.length)] ?? 'WINZ25');
    const type = exit ? 1 - entry.type : Math.floor(random() * 2);
    const volume = exit ? entry.volume : 1 + Math.floor(random() * 10);
    if (!exit) entry = { symbol, type, volume };
    deals[i] = {
      ticket,
      order: 9_000_000 + ticket,
      position_id: 5_000_000 + Math.ceil(ticket / 2),
      symbol,
      type,
      entry: exit ? 1 : 0,
      volume,
      price,
      profit: exit ? Math.round((random() - 0.48) * 40_000) / 100 : 0,
      commission: -Math.round(random() * 500) / 100,
      swap: 0,
      magic: random() < 0.7 ? 135_000 : 0,
      reason: random() < 0.7 ? 3 : 0,
      comment: random() < 0.5 ? 'vortex:trend-follow v2' : '',
      time,
      time_msc: time * 1000 + Math.floor(random() * 1000),
    };
  }
  return deals;
}

/** Splits into consecutive batches of at most `size`. */
export function batchesOf<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}
