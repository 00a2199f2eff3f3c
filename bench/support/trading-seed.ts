/**
 * One trader's account with a long history, for bench/trading.bench.ts: n deals over ~4 years as
 * open/close pairs of WIN futures positions (netting), a few robots' magics, a handful of open
 * positions, and a session token to read it all over HTTP. Stored through the server's own
 * repositories; the same for every run of a given size.
 */
import type { Mt5Deal, Mt5Position } from '@vortex/core';
import type pg from 'pg';
import {
  insertDeals,
  replaceOpenPositions,
  upsertAccount,
} from '../../apps/server/src/modules/bridge/trading-ingest.repo.js';
import { insertSession } from '../../apps/server/src/modules/auth/sessions.repo.js';
import { newToken } from '../../apps/server/src/lib/tokens.js';
import { mulberry32 } from '../generate.js';
import { createTraders } from './traders.js';

const YEARS = 4;
const BATCH = 5_000;
const MAGICS = [135_001, 135_002, 135_003, 240_010, 0];
// B3's WIN contract letters for its even-month expiries (G Feb ... Z Dec).
const WIN_MONTHS = ['G', 'J', 'M', 'Q', 'V', 'Z'];

function winContract(timeS: number): string {
  const d = new Date(timeS * 1000);
  const letter = WIN_MONTHS[Math.floor(d.getUTCMonth() / 2)] ?? 'Z';
  return `WIN${letter}${String(d.getUTCFullYear() % 100).padStart(2, '0')}`;
}

/** Batches of deals, tickets 1..n, the last one a day before `endS`, generated as they are stored. */
function* dealBatches(n: number, endS: number, seed = 11): Generator<Mt5Deal[]> {
  const random = mulberry32(seed);
  const positions = Math.floor(n / 2);
  const startS = endS - YEARS * 365.25 * 86_400;
  const step = (endS - 86_400 - startS) / positions;
  let batch: Mt5Deal[] = [];
  let price = 110_000;
  for (let p = 0; p < positions; p++) {
    const openS = Math.floor(startS + p * step + random() * step * 0.2);
    const closeS = openS + 5 + Math.floor(random() * step * 0.7);
    const type = random() < 0.5 ? 0 : 1;
    const volume = 1 + Math.floor(random() * 5);
    const magic = MAGICS[Math.floor(random() * MAGICS.length)] ?? 0;
    price = Math.max(60_000, price + Math.round((random() - 0.5) * 200) * 5);
    const exitPrice = price + Math.round((random() - 0.48) * 80) * 5;
    // WIN: R$ 0.20 per point per contract; a buy earns on a rise.
    const points = type === 0 ? exitPrice - price : price - exitPrice;
    const common = { symbol: winContract(openS), volume, magic, swap: 0 };
    const comment = magic === 0 ? '' : `vortex:${magic}`;
    const ticket = 2 * p + 1;
    batch.push({
      ...common,
      ticket,
      order: ticket,
      position_id: ticket,
      type,
      entry: 0,
      price,
      profit: 0,
      commission: -0.25 * volume,
      reason: magic === 0 ? 0 : 3,
      comment,
      time: openS,
      time_msc: openS * 1000 + Math.floor(random() * 1000),
    });
    batch.push({
      ...common,
      ticket: ticket + 1,
      order: ticket + 1,
      position_id: ticket,
      type: 1 - type,
      entry: 1,
      price: exitPrice,
      profit: Math.round(points * 0.2 * volume * 100) / 100,
      commission: -0.25 * volume,
      reason: magic === 0 ? 0 : random() < 0.3 ? 4 : random() < 0.5 ? 5 : 3,
      comment,
      time: closeS,
      time_msc: closeS * 1000 + Math.floor(random() * 1000),
    });
    if (batch.length >= BATCH) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length > 0) yield batch;
}

function openPositions(count: number, nowS: number): Mt5Position[] {
  return Array.from({ length: count }, (_, i) => ({
    ticket: 90_000_000 + i,
    symbol: winContract(nowS),
    type: i % 2 === 0 ? 0 : 1,
    volume: 1 + i,
    price_open: 128_000 + 25 * i,
    sl: 127_000,
    tp: 129_500,
    price_current: 128_100,
    profit: 20 * (i + 1),
    swap: 0,
    magic: MAGICS[i % MAGICS.length] ?? 0,
    time: nowS - 600 * (i + 1),
    time_msc: (nowS - 600 * (i + 1)) * 1000,
    comment: '',
  }));
}

export interface SeededAccount {
  userId: number;
  accountId: number;
  /** A bearer token of a live session of the trader. */
  token: string;
  deals: number;
  seedSeconds: number;
}

/** Seeds with `parallel` insertDeals statements in flight on `pool`. */
export async function seedTradingAccount(
  pool: pg.Pool,
  n: number,
  openCount: number,
  parallel = 4,
): Promise<SeededAccount> {
  const [seeded] = await seedTradingAccounts(pool, 1, n, openCount, 'trd', parallel);
  if (!seeded) throw new Error('no trader');
  return seeded;
}

/**
 * `count` traders with one account of `n` deals each (a different history per account), the
 * account's balance set as the agent reports it so that reads anchor their balances on it.
 */
export async function seedTradingAccounts(
  pool: pg.Pool,
  count: number,
  n: number,
  openCount: number,
  tag: string,
  parallel = 4,
): Promise<SeededAccount[]> {
  const traders = await createTraders(pool, count, tag);
  const seeded: SeededAccount[] = [];
  for (const [i, trader] of traders.entries()) {
    const start = performance.now();
    const accountId = await upsertAccount(pool, {
      userId: trader.userId,
      accountNumber: 4_400_001 + i,
      server: 'Bench-Demo',
      company: 'Bench Corretora',
      currency: 'BRL',
      marginMode: 'netting',
      tradeMode: 'real',
    });
    const nowS = Math.floor(Date.now() / 1000);
    const batches = dealBatches(n, nowS, 11 + i);
    let stored = 0;
    const worker = async () => {
      for (let next = batches.next(); !next.done; next = batches.next()) {
        // Awaited first: `stored += await ...` would read stored before the other workers add.
        const inserted = await insertDeals(pool, accountId, next.value);
        stored += inserted;
      }
    };
    await Promise.all(Array.from({ length: parallel }, worker));
    await replaceOpenPositions(pool, accountId, openPositions(openCount, nowS));
    await pool.query(
      `WITH b AS (SELECT 10000 + coalesce(sum(profit + commission + swap), 0) AS v
                  FROM deals WHERE account_id = $1)
       UPDATE mt5_accounts SET balance = b.v, equity = b.v, margin = 0, free_margin = b.v,
         margin_level = 0, profit = 0 FROM b WHERE id = $1`,
      [accountId],
    );
    const { token, hash } = newToken();
    await insertSession(pool, {
      hash,
      userId: trader.userId,
      expiresAt: new Date(Date.now() + 3_600_000),
      ip: null,
      userAgent: 'vortex-bench',
    });
    const seedSeconds = (performance.now() - start) / 1000;
    seeded.push({ userId: trader.userId, accountId, token, deals: stored, seedSeconds });
  }
  await pool.query('ANALYZE deals');
  return seeded;
}

/**
 * `trips` more round trips, a second apart from `atMs` on, tickets from `firstTicket` up: what
 * a live account's agent adds while the screens are open.
 */
export async function appendTrips(
  pool: pg.Pool,
  accountId: number,
  trips: number,
  firstTicket: number,
  atMs: number,
): Promise<void> {
  const deals: Mt5Deal[] = [];
  for (let i = 0; i < trips; i++) {
    const ticket = firstTicket + 2 * i;
    const openMs = atMs + i * 1_000;
    const common = { symbol: winContract(openMs / 1000), volume: 1, magic: MAGICS[0] ?? 0 };
    const fields = { ...common, position_id: ticket, swap: 0, commission: -0.25, comment: '' };
    deals.push(
      {
        ...fields,
        ticket,
        order: ticket,
        type: 0,
        entry: 0,
        price: 128_000,
        profit: 0,
        reason: 3,
        time: Math.floor(openMs / 1000),
        time_msc: openMs,
      },
      {
        ...fields,
        ticket: ticket + 1,
        order: ticket + 1,
        type: 1,
        entry: 1,
        price: 128_050,
        profit: 10,
        reason: 5,
        time: Math.floor((openMs + 500) / 1000),
        time_msc: openMs + 500,
      },
    );
  }
  await insertDeals(pool, accountId, deals);
}
