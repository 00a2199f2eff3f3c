/** Writing a benchmark's section of bench/RESULTS.md so that it passes `prettier --check`. */
import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { availableParallelism, cpus } from 'node:os';

export const fixed = (value: number, digits = 1) => value.toFixed(digits);
export const int = (value: number) => Math.round(value).toLocaleString('en-US');

export function machineNote(): string {
  const cpu = cpus()[0]?.model.trim() ?? 'unknown CPU';
  return `${availableParallelism()} cores (nproc), ${cpu}, Node ${process.version}`;
}

/** A table padded the way prettier pads one. */
export function markdownTable(header: string[], align: ('l' | 'r')[], rows: string[][]): string {
  const all = [header, ...rows];
  const widths = header.map((_, i) => Math.max(3, ...all.map((row) => (row[i] ?? '').length)));
  const line = (row: string[]) =>
    `| ${widths
      .map((w, i) => (align[i] === 'r' ? (row[i] ?? '').padStart(w) : (row[i] ?? '').padEnd(w)))
      .join(' | ')} |`;
  const rule = `| ${widths
    .map((w, i) => (align[i] === 'r' ? `${'-'.repeat(w - 1)}:` : '-'.repeat(w)))
    .join(' | ')} |`;
  return [line(header), rule, ...rows.map(line)].join('\n');
}

/** Greedy word wrap at prettier's print width; continuation lines get `indent`. */
export function wrap(text: string, indent = '', width = 100): string {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    const candidate = line === '' ? word : `${line} ${word}`;
    if (candidate.length > width && line !== '') {
      lines.push(line);
      line = `${indent}${word}`;
    } else {
      line = candidate;
    }
  }
  lines.push(line);
  return lines.join('\n');
}

/** A bullet list, each item wrapped with its continuation lines indented under the text. */
export const bullets = (items: string[]) => items.map((item) => wrap(`- ${item}`, '  ')).join('\n');

/**
 * Replaces the section headed `heading` in RESULTS.md (up to the next heading), or appends it.
 * With BENCH_SECTION_FILE set, the section goes to that file instead and RESULTS.md is left alone
 * (a run on a busy machine, or one to compare before recording).
 */
export async function writeSection(heading: string, section: string): Promise<void> {
  const elsewhere = process.env.BENCH_SECTION_FILE;
  if (elsewhere) {
    await writeFile(elsewhere, `${section.trim()}\n`);
    console.log(`Wrote ${elsewhere}`);
    return;
  }
  const file = new URL('../RESULTS.md', import.meta.url);
  const current = existsSync(file) ? await readFile(file, 'utf8') : '';
  const start = current.indexOf(`\n${heading}\n`);
  let next: string;
  if (start === -1) {
    next = `${current.trimEnd()}\n\n${section.trim()}\n`;
  } else {
    const rest = current.slice(start + 1 + heading.length);
    const end = rest.search(/\n#{1,2} /);
    const after = end === -1 ? '' : rest.slice(end + 1);
    next = `${current.slice(0, start).trimEnd()}\n\n${section.trim()}\n${after ? `\n${after}` : ''}`;
  }
  await writeFile(file, next);
}

/** The p-th percentile (0..100) of already sorted values, nearest rank. */
export function percentileOf(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank] ?? Number.NaN;
}

/** Runs a benchmark's `main`, always cleaning up its processes; a failure sets the exit code. */
export async function runBench(
  main: () => Promise<void>,
  cleanUp: () => Promise<void>,
): Promise<void> {
  try {
    await main();
  } catch (err) {
    console.error(err instanceof Error ? (err.stack ?? err.message) : String(err));
    process.exitCode = 1;
  } finally {
    await cleanUp();
  }
}
