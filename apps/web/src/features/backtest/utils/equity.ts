import { INITIAL_BALANCE, type ClosedPositionRecord } from '@vortex/core';

export interface EquityRow {
  /** Close time, epoch ms. */
  time: number;
  /** Balance of each run after its trades closed by `time`; absent where that run did not trade. */
  [series: string]: number;
}

/**
 * One chart row per closing instant of any run, each series the balance from INITIAL_BALANCE
 * after its own trades closed by then, so two runs over the same bars share one time axis.
 */
export function equityRows(runs: readonly (readonly ClosedPositionRecord[])[]): EquityRow[] {
  const events = runs
    .flatMap((trades, run) => trades.map((t) => ({ run, time: t.close_time, net: t.net_profit })))
    .sort((a, b) => a.time - b.time);
  const balances = runs.map(() => INITIAL_BALANCE);
  const rows: EquityRow[] = [];
  for (const event of events) {
    balances[event.run] = (balances[event.run] ?? INITIAL_BALANCE) + event.net;
    const last = rows.at(-1);
    const row: EquityRow = last?.time === event.time ? last : { time: event.time };
    balances.forEach((balance, run) => {
      row[`run${run}`] = balance;
    });
    if (row !== last) rows.push(row);
  }
  return rows;
}
