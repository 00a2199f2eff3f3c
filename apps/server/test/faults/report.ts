import { appendFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export interface FaultRow {
  fault: string;
  /** What a trader or an admin sees while it lasts, measured. */
  seen: string;
  /** From the fault's end (process or database back) until the system is whole again, s. */
  recoverS: number;
  lost: number;
}

const resultsDir = fileURLToPath(new URL('../../../../.test-results', import.meta.url));

/**
 * The rows FAULTS.md is written from: each run appends its measurements to
 * .test-results/faults.md and prints them, so the table can be refreshed from a real run.
 */
export function record(row: FaultRow): void {
  const line = `| ${row.fault} | ${row.seen} | ${row.recoverS.toFixed(1)} s | ${row.lost} |`;
  mkdirSync(resultsDir, { recursive: true });
  appendFileSync(path.join(resultsDir, 'faults.md'), `${line}\n`);
  process.stdout.write(`FALHA ${line}\n`);
}
