/**
 * Where an HTML report import spends its time, stage by stage (issue 26, "Imports at the speed of
 * the database"): a Trade History report of BENCH_DEALS deals (default 30,000) written as the
 * terminal writes it (UTF-16 LE), read from a file in 256 KB chunks, each stage timed alone and
 * cumulatively, median of BENCH_RUNS runs (default 3):
 *
 *   decode      the bytes decoded to text (decode.ts), nothing else
 *   tokenize    decode + htmlparser2 with empty callbacks (the tokenizer's own cost)
 *   rows        decode + tokenize + rows built (html.ts), handed to no assembler
 *   parse       the whole reader: rows + records + assemble (totals, margin mode)
 *
 * With BENCH_BASELINE=<folder> (a copy of import/ from an older commit beside it, e.g.
 * apps/server/src/modules/reports/import-head) the whole reader of that copy is timed too, its
 * runs alternating with the current reader's so both see the same machine load.
 *
 *   npx tsx bench/import-stages.bench.ts   (prints a table; BENCH_PROFILE=1 parses once only)
 */
import { createReadStream } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { Parser } from 'htmlparser2';
import { decodeStream } from '../apps/server/src/modules/reports/import/decode.js';
import { parseMt5Report } from '../apps/server/src/modules/reports/import/detect.js';
import { ReportAssembler } from '../apps/server/src/modules/reports/import/assemble.js';
import { historyReport } from './support/import-report.js';
import { fixed, int, machineNote, markdownTable } from './support/report.js';

const DEALS = Number(process.env.BENCH_DEALS ?? 30_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const MB = 1024 * 1024;

const chunks = (file: string) =>
  createReadStream(file, { highWaterMark: 256 * 1024 }) as AsyncIterable<Buffer>;

async function decodeOnly(file: string): Promise<number> {
  let chars = 0;
  for await (const text of decodeStream(chunks(file))) chars += text.length;
  return chars;
}

async function tokenizeOnly(file: string): Promise<number> {
  let tags = 0;
  const parser = new Parser(
    {
      onopentag: () => {
        tags++;
      },
      ontext: () => undefined,
      onclosetag: () => undefined,
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  for await (const text of decodeStream(chunks(file))) parser.write(text);
  parser.end();
  return tags;
}

/** The reader up to its rows: the assembler's push replaced by a count. */
async function rowsOnly(file: string): Promise<number> {
  let rows = 0;
  const proto = ReportAssembler.prototype as unknown as Record<'push' | 'finish', unknown>;
  const { push, finish } = proto;
  proto.push = () => {
    rows++;
  };
  proto.finish = () => ({});
  try {
    await parseMt5Report(file);
  } finally {
    proto.push = push;
    proto.finish = finish;
  }
  return rows;
}

async function parseAll(file: string): Promise<number> {
  return (await parseMt5Report(file)).deals.length;
}

async function median(work: () => Promise<number>): Promise<[number, number]> {
  const times: number[] = [];
  let out = 0;
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    out = await work();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return [times[Math.floor(times.length / 2)] ?? 0, out];
}

async function main(): Promise<void> {
  const dir = await mkdtemp(path.join(tmpdir(), 'vortex-import-stages-'));
  try {
    const file = path.join(dir, 'ReportHistory.html');
    const bytes = historyReport(DEALS);
    await writeFile(file, bytes);
    if (process.env.BENCH_PROFILE === '1') {
      console.log(`${int(await parseAll(file))} deals`);
      return;
    }
    const rows: string[][] = [];
    let previous = 0;
    for (const [label, work, unit] of [
      ['decode', decodeOnly, 'characters'],
      ['tokenize (htmlparser2)', tokenizeOnly, 'tags'],
      ['rows (html.ts)', rowsOnly, 'rows'],
      ['parse (records, assemble)', parseAll, 'deals'],
    ] as const) {
      const [ms, out] = await median(() => work(file));
      rows.push([label, int(ms), int(ms - previous), `${int(out)} ${unit}`]);
      previous = ms;
    }
    console.log(
      `${int(DEALS)} deals, ${fixed(bytes.length / MB)} MB UTF-16; ${machineNote()}; load ${fixed(loadavg()[0] ?? 0, 2)}; median of ${RUNS}`,
    );
    console.log(
      markdownTable(['Stage (cumulative)', 'ms', 'stage ms', 'Output'], ['l', 'r', 'r', 'l'], rows),
    );
    const parseMs = Number((rows[3]?.[1] ?? '0').replace(/,/g, ''));
    console.log(`parse: ${int((DEALS / parseMs) * 1000)} deals/s`);
    const baseline = process.env.BENCH_BASELINE;
    if (baseline !== undefined) {
      const old = (await import(path.resolve(baseline, 'detect.ts'))) as {
        parseMt5Report: typeof parseMt5Report;
      };
      const times = { before: [] as number[], after: [] as number[] };
      for (let i = 0; i < RUNS; i++) {
        for (const [key, read] of [
          ['before', old.parseMt5Report],
          ['after', parseMt5Report],
        ] as const) {
          const started = performance.now();
          await read(file);
          times[key].push(performance.now() - started);
        }
      }
      const mid = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
      const [b, a] = [mid(times.before), mid(times.after)];
      console.log(
        `whole reader, alternating runs, median of ${RUNS}: before ${int(b)} ms (${int((DEALS / b) * 1000)} deals/s), after ${int(a)} ms (${int((DEALS / a) * 1000)} deals/s), ${fixed(b / a, 2)}x; load ${fixed(loadavg()[0] ?? 0, 2)}`,
      );
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

await main();
