import { appendFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export interface FaultRow {
  fault: string;
  /** What a trader or an admin sees while it lasts, measured. */
  seen: string;
  /** From the fault to the failed part being back (process restarted, database up), ms. */
  awayMs: number;
  /** From the part being back to the bridge connected and the bot running, ms. */
  bridgeMs: number;
  /** From the part being back to the bot fed and the live channel hearing the bridge, ms. */
  allMs: number;
  lost: number;
}

const resultsDir = fileURLToPath(new URL('../../../../.test-results', import.meta.url));

/**
 * The rows FAULTS.md is written from: each run appends its measurements to
 * .test-results/faults.md and prints them, so the table can be refreshed from a real run.
 */
export function record(row: FaultRow): void {
  const s = (ms: number) => `${(ms / 1000).toFixed(1).replace('.', ',')} s`;
  const line = `| ${row.fault} | ${row.seen} | ${s(row.awayMs)} | ${s(row.bridgeMs)} | ${s(row.allMs)} | ${row.lost} |`;
  mkdirSync(resultsDir, { recursive: true });
  appendFileSync(path.join(resultsDir, 'faults.md'), `${line}\n`);
  process.stdout.write(`FALHA ${line}\n`);
}
