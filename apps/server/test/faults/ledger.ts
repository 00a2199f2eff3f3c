import { readFileSync } from 'node:fs';
import pg from 'pg';
import { z } from 'zod';
import { installTypeParsers } from '../../src/db/pg-types.js';
import { rowsOf } from '../../src/db/rows.js';

// Tickets and counts are bigints, read as numbers as the server reads them.
installTypeParsers();
const StoredDeal = z.object({
  ticket: z.number(),
  n: z.number(),
  profit: z.number(),
  commission: z.number(),
  swap: z.number(),
  volume: z.number(),
});

export interface LedgerCheck {
  terminal: number;
  stored: number;
  /** Tickets the terminal made that the server does not hold. */
  missing: number[];
  /** Tickets stored more than once, or stored and unknown to the terminal. */
  doubled: number[];
  extra: number[];
  /** Tickets whose stored money differs from the terminal's. */
  different: number[];
}

interface TerminalDeal {
  ticket: number;
  profit: number;
  commission: number;
  swap: number;
  volume: number;
}

/** Every deal the simulated terminal has made, from the file it keeps. */
export function terminalDeals(file: string): TerminalDeal[] {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as TerminalDeal[];
  } catch {
    return [];
  }
}

/** The server's deals against the terminal's: none lost, none doubled, none changed. */
export async function checkLedger(databaseUrl: string, dealsFile: string): Promise<LedgerCheck> {
  const made = terminalDeals(dealsFile);
  const client = new pg.Client(databaseUrl);
  client.on('error', () => undefined);
  await client.connect();
  try {
    const rows = await rowsOf(
      client,
      StoredDeal,
      `SELECT ticket, count(*) AS n, min(profit) AS profit, min(commission) AS commission,
              min(swap) AS swap, min(volume) AS volume
         FROM deals GROUP BY account_id, ticket`,
    );
    const stored = new Map(rows.map((r) => [r.ticket, r]));
    const known = new Set(made.map((d) => d.ticket));
    const missing: number[] = [];
    const different: number[] = [];
    for (const d of made) {
      const s = stored.get(d.ticket);
      if (!s) missing.push(d.ticket);
      else if (
        s.profit !== d.profit ||
        s.commission !== d.commission ||
        s.swap !== d.swap ||
        s.volume !== d.volume
      )
        different.push(d.ticket);
    }
    return {
      terminal: made.length,
      stored: rows.length,
      missing,
      doubled: rows.filter((r) => r.n > 1).map((r) => r.ticket),
      extra: rows.filter((r) => !known.has(r.ticket)).map((r) => r.ticket),
      different,
    };
  } finally {
    await client.end();
  }
}
