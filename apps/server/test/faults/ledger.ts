import { readFileSync } from 'node:fs';
import pg from 'pg';

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
    const { rows } = await client.query<{
      ticket: string;
      n: string;
      profit: number;
      commission: number;
      swap: number;
      volume: number;
    }>(
      `SELECT ticket, count(*) AS n, min(profit) AS profit, min(commission) AS commission,
              min(swap) AS swap, min(volume) AS volume
         FROM deals GROUP BY account_id, ticket`,
    );
    const stored = new Map(rows.map((r) => [Number(r.ticket), r]));
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
      doubled: rows.filter((r) => Number(r.n) > 1).map((r) => Number(r.ticket)),
      extra: rows.filter((r) => !known.has(Number(r.ticket))).map((r) => Number(r.ticket)),
      different,
    };
  } finally {
    await client.end();
  }
}
