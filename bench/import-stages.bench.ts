/**
 * Where an HTML report import spends its time, stage by stage (issue 26, "Imports at the speed of
 * the database"): a Trade History report of BENCH_DEALS deals (default 30,000) written as the
 * terminal writes it (UTF-16 LE), read from a file in 256 KB chunks, each stage timed alone and
 * cumulatively, median of BENCH_RUNS rounds (default 3) in which the stages alternate:
 *
 *   decode      the bytes decoded to text (decode.ts), nothing else
 *   tokenize    decode + a tokenizer with empty callbacks (its own cost): htmlparser2 (what the
 *               reader used until issue 26, timed as the reference) and the reader's own
 *               (html-tokenizer.ts), with text built nowhere (as outside cells) and everywhere
 *   rows        decode + tokenize + rows built (html.ts), handed to no assembler
 *   parse       the whole reader: rows + records + assemble (totals, margin mode)
 *
 * With BENCH_BASELINE=<folder> (a copy of import/ from an older commit beside it, e.g.
 * apps/server/src/modules/reports/import-head) the whole reader of that copy is timed too, its
 * runs alternating with the current reader's so both see the same machine load. Times are the
 * process's CPU time (user + system), steadier than wall time on a loaded shared machine.
 *
 *   npx tsx bench/import-stages.bench.ts   (prints a table; BENCH_PROFILE=1 parses once only)
 */
import { createReadStream } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { Parser } from 'htmlparser2';
import { decodeStream } from '../apps/server/src/modules/reports/import/decode.js';
import { HtmlTokenizer } from '../apps/server/src/modules/reports/import/html-tokenizer.js';
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

async function htmlparser2Only(file: string): Promise<number> {
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

/** The reader's tokenizer as html.ts sets it up, its callbacks empty; text built or not. */
function tokenizerOnly(captureText: boolean) {
  return async (file: string): Promise<number> => {
    let tags = 0;
    const tokenizer = new HtmlTokenizer(
      {
        onOpenTag: () => {
          tags++;
        },
        onText: () => undefined,
        onCloseTag: () => undefined,
      },
      {
        attributeTags: ['meta', 'td', 'th'],
        attributeNames: ['name', 'content', 'colspan', 'class'],
      },
    );
    tokenizer.captureText = captureText;
    for await (const text of decodeStream(chunks(file))) tokenizer.write(text);
    tokenizer.end();
    return tags;
  };
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

/** CPU milliseconds (user + system) of this process: on 2 cores shared by a dozen processes,
 * wall time mostly measures the others; the CPU a stage takes does not. */
function cpuMs(since: NodeJS.CpuUsage): number {
  const used = process.cpuUsage(since);
  return (used.user + used.system) / 1000;
}

const mid = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;

/** Each work's median over RUNS rounds, the works alternating within a round (same load). */
async function medians(works: (() => Promise<number>)[]): Promise<[number, number][]> {
  const times = works.map(() => [] as number[]);
  const outs = works.map(() => 0);
  for (let r = 0; r < RUNS; r++) {
    for (const [k, work] of works.entries()) {
      const started = process.cpuUsage();
      outs[k] = await work();
      times[k]?.push(cpuMs(started));
    }
  }
  return times.map((t, k) => [mid(t), outs[k] ?? 0]);
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
    const ms: Record<string, number> = {};
    // each stage's own time is its total less the stage it builds on
    const stages = [
      ['decode', decodeOnly, '', 'characters'],
      ['tokenize (htmlparser2, reference)', htmlparser2Only, 'decode', 'tags'],
      ['tokenize (html-tokenizer, text nowhere)', tokenizerOnly(false), 'decode', 'tags'],
      ['tokenize (html-tokenizer, text everywhere)', tokenizerOnly(true), 'decode', 'tags'],
      ['rows (html.ts)', rowsOnly, 'tokenize (html-tokenizer, text nowhere)', 'rows'],
      ['parse (records, assemble)', parseAll, 'rows (html.ts)', 'deals'],
    ] as const;
    const measured = await medians(
      stages.map(
        ([, work]) =>
          () =>
            work(file),
      ),
    );
    for (const [k, [label, , after, unit]] of stages.entries()) {
      const [total, out] = measured[k] ?? [0, 0];
      ms[label] = total;
      rows.push([label, int(total), int(total - (ms[after] ?? 0)), `${int(out)} ${unit}`]);
    }
    console.log(
      `${int(DEALS)} deals, ${fixed(bytes.length / MB)} MB UTF-16; ${machineNote()}; load ${fixed(loadavg()[0] ?? 0, 2)}; CPU ms, median of ${RUNS} alternating rounds`,
    );
    console.log(
      markdownTable(['Stage (cumulative)', 'ms', 'stage ms', 'Output'], ['l', 'r', 'r', 'l'], rows),
    );
    const parseMs = ms['parse (records, assemble)'] ?? 0;
    const own = (label: string) => (ms[label] ?? 0) - (ms.decode ?? 0);
    console.log(`parse: ${int((DEALS / parseMs) * 1000)} deals/s`);
    console.log(
      `tokenize stage: htmlparser2 / html-tokenizer ${fixed(own('tokenize (htmlparser2, reference)') / own('tokenize (html-tokenizer, text nowhere)'), 2)}x (text nowhere), ${fixed(own('tokenize (htmlparser2, reference)') / own('tokenize (html-tokenizer, text everywhere)'), 2)}x (text everywhere)`,
    );
    const baseline = process.env.BENCH_BASELINE;
    if (baseline !== undefined) {
      const old = (await import(path.resolve(baseline, 'detect.ts'))) as {
        parseMt5Report: typeof parseMt5Report;
      };
      const [[b], [a]] = (await medians([
        () => old.parseMt5Report(file).then((r) => r.deals.length),
        () => parseMt5Report(file).then((r) => r.deals.length),
      ])) as [[number, number], [number, number]];
      console.log(
        `whole reader, alternating runs, CPU ms, median of ${RUNS}: before ${int(b)} ms (${int((DEALS / b) * 1000)} deals/s), after ${int(a)} ms (${int((DEALS / a) * 1000)} deals/s), ${fixed(b / a, 2)}x; load ${fixed(loadavg()[0] ?? 0, 2)}`,
      );
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

await main();
