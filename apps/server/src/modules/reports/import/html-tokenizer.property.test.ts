// The import's HTML tokenizer reads what htmlparser2 12 read (the reader used it until issue 26's
// speed work): the same tags opened and closed, the same attributes, the same decoded text, and so
// the same rows, whatever the markup and wherever the chunks end. htmlparser2 stays here as the
// reference, over every real HTML fixture and over generated markup (entities, comments, raw text,
// SVG, broken tags).
import { readFile, readdir } from 'node:fs/promises';
import fc from 'fast-check';
import { Parser } from 'htmlparser2';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fixture } from '../../../../test/fixtures/mt5/fixtures.js';
import { ReportAssembler, type ReportKind } from './assemble.js';
import { decodeStream } from './decode.js';
import { HtmlTokenizer } from './html-tokenizer.js';
import { parseHtmlReport } from './html.js';
import { ImportBudget, type ImportLimits } from './limits.js';
import { ImportRefusal, importMessages } from './messages.js';
import { isTimeText } from './numbers.js';
import { isLabel, type Cell, type Row } from './rows.js';

const ATTRIBUTE_TAGS = ['meta', 'td', 'th'];
const ATTRIBUTE_NAMES = ['name', 'content', 'colspan', 'class'];

type Event = string; // "<td class=x>", "</td>", "text"

/** Adjacent texts merged: where a text is cut into pieces is no event. */
function push(events: Event[], event: Event, isText: boolean): void {
  const last = events.length - 1;
  const previous = events[last];
  if (isText && previous?.startsWith('"')) {
    events[last] = `${previous.slice(0, -1)}${event}"`;
  } else events.push(isText ? `"${event}"` : event);
}

function openEvent(name: string, attrs: Readonly<Record<string, string | undefined>>): Event {
  if (!ATTRIBUTE_TAGS.includes(name)) return `<${name}>`;
  const kept = ATTRIBUTE_NAMES.filter((a) => attrs[a] !== undefined).map(
    (a) => `${a}=${JSON.stringify(attrs[a])}`,
  );
  return `<${[name, ...kept].join(' ')}>`;
}

/** htmlparser2 as html.ts configured it, every text kept. */
function referenceEvents(chunks: string[]): Event[] {
  const events: Event[] = [];
  let ending = false;
  const parser = new Parser(
    {
      onopentag: (name, attrs) => push(events, openEvent(name, attrs), false),
      onclosetag: (name) => push(events, `</${name}>`, false),
      ontext: (text) => {
        if (!ending) push(events, text, true);
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  for (const chunk of chunks) parser.write(chunk);
  // Cut inside "<b/" or "</b " (states 4 and 7), htmlparser2 emits a slice at index -1 as text
  // (its last buffer's last character, and so on): junk the new reader leaves out.
  const tokenizer = (parser as unknown as { tokenizer: { state: number } }).tokenizer;
  ending = tokenizer.state === 4 || tokenizer.state === 7;
  parser.end();
  return events;
}

function tokenizerEvents(chunks: string[]): Event[] {
  const events: Event[] = [];
  const tokenizer = new HtmlTokenizer(
    {
      onOpenTag: (name, attrs) => push(events, openEvent(name, attrs), false),
      onCloseTag: (name) => push(events, `</${name}>`, false),
      onText: (text) => push(events, text, true),
    },
    { attributeTags: ATTRIBUTE_TAGS, attributeNames: ATTRIBUTE_NAMES },
  );
  tokenizer.captureText = true;
  for (const chunk of chunks) tokenizer.write(chunk);
  tokenizer.end();
  return events;
}

/** The text cut at the given points (sorted, deduplicated, in range). */
function split(text: string, points: number[]): string[] {
  const at = [...new Set(points.map((p) => p % (text.length + 1)))].sort((a, b) => a - b);
  const chunks: string[] = [];
  let from = 0;
  for (const p of at) {
    chunks.push(text.slice(from, p));
    from = p;
  }
  chunks.push(text.slice(from));
  return chunks;
}

// ---- the rows: html.ts as it was with htmlparser2 (commit bec89fc), its assembler calls recorded

const GENERATORS: Record<string, ReportKind> = {
  'client terminal': 'history',
  'strategy tester': 'tester',
};
const UNCLEAN = /[^\S ]| {2}|^ | $/;
const clean = (text: string) =>
  UNCLEAN.test(text) ? text.replace(/[\s\u00a0]+/g, ' ').trim() : text;

interface Outcome {
  calls: unknown[]; // ['push', row] and ['setKind', kind, fromMeta], in order
  result: string; // the refusal's message, or how many deals were read
}

async function outcome(read: () => Promise<{ deals: unknown[] }>): Promise<string> {
  try {
    return `read ${(await read()).deals.length} deals`;
  } catch (err) {
    if (err instanceof ImportRefusal) return err.message;
    throw err;
  }
}

async function* bytesOf(text: string, sizes: number[]): AsyncGenerator<Uint8Array> {
  const bytes = Buffer.from(text, 'utf-8');
  let at = 0;
  for (let i = 0; at < bytes.length; i++) {
    const size = sizes.length > 0 ? (sizes[i % sizes.length] ?? 1) : bytes.length;
    yield bytes.subarray(at, at + size);
    at += size;
  }
}

function record(calls: unknown[]): void {
  const proto = ReportAssembler.prototype;
  // the methods as they were, called with the spied instance (read from the prototype's own
  // descriptors, so no method is taken off an object unbound)
  const push = Object.getOwnPropertyDescriptor(proto, 'push')?.value as (
    this: ReportAssembler,
    row: Row,
  ) => void;
  const setKind = Object.getOwnPropertyDescriptor(proto, 'setKind')?.value as (
    this: ReportAssembler,
    kind: ReportKind,
    fromMeta: boolean,
  ) => void;
  vi.spyOn(proto, 'push').mockImplementation(function (this: ReportAssembler, row: Row) {
    calls.push(['push', structuredClone(row)]);
    push.call(this, row);
  });
  vi.spyOn(proto, 'setKind').mockImplementation(function (
    this: ReportAssembler,
    kind: ReportKind,
    fromMeta: boolean,
  ) {
    calls.push(['setKind', kind, fromMeta]);
    setKind.call(this, kind, fromMeta);
  });
}

async function referenceRows(
  text: string,
  sizes: number[],
  limits?: Partial<ImportLimits>,
): Promise<Outcome> {
  const calls: unknown[] = [];
  record(calls);
  const result = await outcome(async () => {
    const assembler = new ReportAssembler('html');
    const budget = new ImportBudget(limits);
    const seen = { html: false, rows: 0, cells: 0, rowCells: 0 };
    let cells: Cell[] | null = null;
    let hidden: string[] = [];
    let col = 0;
    let cell: { text: string; span: number; hidden: boolean } | null = null;
    const endCell = () => {
      if (cells === null || cell === null) return;
      const text = clean(cell.text);
      if (cell.hidden) hidden.push(text);
      else {
        cells.push({ text, col, span: cell.span });
        col += cell.span;
      }
      cell = null;
    };
    const endRow = () => {
      endCell();
      if (cells === null) return;
      const row: Row = { cells, hidden, banner: false };
      const filled = cells.filter((c) => c.text !== '');
      const only = filled[0];
      if (filled.length === 1 && only !== undefined && only.col === 0 && only.span >= 13) {
        row.banner = !isLabel(only.text) && !isTimeText(only.text);
        if (row.banner) assembler.setKind(only.span === 13 ? 'tester' : 'history', false);
      }
      cells = null;
      assembler.push(row);
    };
    const parser = new Parser(
      {
        onopentag(name, attrs) {
          if (name === 'html' || name === 'table') seen.html = true;
          if (name === 'meta' && attrs.name?.toLowerCase() === 'generator') {
            const kind = GENERATORS[attrs.content?.toLowerCase().trim() ?? ''];
            if (kind !== undefined) assembler.setKind(kind, true);
          } else if (name === 'tr') {
            endRow();
            cells = [];
            hidden = [];
            col = 0;
            seen.rowCells = 0;
            budget.check('rows', ++seen.rows);
          } else if ((name === 'td' || name === 'th') && cells !== null) {
            endCell();
            budget.check('cells', ++seen.cells);
            budget.check('rowCells', ++seen.rowCells);
            const span = Number.parseInt(attrs.colspan ?? '1', 10);
            const cls = attrs.class;
            cell = {
              text: '',
              span: Number.isFinite(span) && span > 0 ? span : 1,
              hidden: cls !== undefined && cls.split(/\s+/).includes('hidden'),
            };
          }
        },
        ontext(piece) {
          if (cell !== null) {
            cell.text += piece;
            budget.check('cellChars', cell.text.length);
          }
        },
        onclosetag(name) {
          if (name === 'td' || name === 'th') endCell();
          else if (name === 'tr' || name === 'table') endRow();
        },
      },
      { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
    );
    let any = false;
    for await (const piece of decodeStream(bytesOf(text, sizes))) {
      any ||= piece.length > 0;
      parser.write(piece);
    }
    parser.end();
    endRow();
    if (!any) throw new ImportRefusal(importMessages.empty);
    if (!seen.html) throw new ImportRefusal(importMessages.notMt5);
    return assembler.finish();
  });
  vi.restoreAllMocks();
  return { calls, result };
}

async function readerRows(
  text: string,
  sizes: number[],
  limits?: Partial<ImportLimits>,
): Promise<Outcome> {
  const calls: unknown[] = [];
  record(calls);
  const result = await outcome(() => parseHtmlReport(bytesOf(text, sizes), { limits }));
  vi.restoreAllMocks();
  return { calls, result };
}

// ---- generated markup

const word = fc.constantFrom(
  'Deals',
  'buy',
  '125 000.00',
  '2026.04.02 11:28:38',
  'Profit:',
  'a < b',
  'x>y',
  ' ',
  '\r\n   ',
  '\t',
  '\f',
  'ção',
  '日本',
  '\u00a0',
  '\u001c',
  '-->',
  ']]>',
  '"',
  "'",
  '=',
  '/',
);
const entity = fc.constantFrom(
  '&amp;',
  '&amp',
  '&ampx',
  '&amp=',
  '&lt;',
  '&lt',
  '&gt;',
  '&quot;',
  '&apos;',
  '&nbsp;',
  '&nbsp',
  '&NBSP;',
  '&#65;',
  '&#65',
  '&#x41;',
  '&#X41',
  '&#0;',
  '&#x80;',
  '&#x9F;',
  '&#xD800;',
  '&#1114112;',
  '&#00000000000000065;',
  '&#;',
  '&#x;',
  '&#',
  '&',
  '&&',
  '&notin;',
  '&notit;',
  '&not',
  '&NotEqualTilde;',
  '&Aacute',
  '&aacute;',
  '&zzz;',
  '&CounterClockwiseContourIntegral;',
  '&copy',
  '&copy=',
);
const tagName = fc.constantFrom(
  'html',
  'HTML',
  'head',
  'body',
  'table',
  'TABLE',
  'tbody',
  'thead',
  'tr',
  'TR',
  'Tr',
  'td',
  'TD',
  'th',
  'meta',
  'div',
  'p',
  'b',
  'br',
  'img',
  'image',
  'form',
  'li',
  'a',
  'select',
  'option',
  'script',
  'SCRIPT',
  'style',
  'title',
  'textarea',
  'xmp',
  'iframe',
  'noembed',
  'noframes',
  'svg',
  'math',
  'foreignObject',
  'foreignobject',
  'clippath',
  'desc',
  'mi',
  'td<tr',
  'scriptx',
  'ti',
);
const attrName = fc.constantFrom(
  'name',
  'NAME',
  'content',
  'colspan',
  'COLSPAN',
  'class',
  'Class',
  'style',
  'nowrap',
  'align',
  '=x',
  '"',
);
const attrValue = fc
  .array(fc.oneof(word, entity, fc.constantFrom('hidden', 'generator', 'client terminal', '3')), {
    maxLength: 3,
  })
  .map((parts) => parts.join(''));
const attribute = fc
  .tuple(
    attrName,
    fc.constantFrom('"', "'", '', 'none'),
    attrValue,
    fc.constantFrom(' ', '\n', '  ', '/'),
  )
  .map(([name, quote, value, gap]) => {
    if (quote === 'none') return `${gap}${name}`;
    const v = quote === '' ? value.replace(/[\s>]/g, '') : value.split(quote).join('');
    return `${gap}${name}=${quote}${v}${quote}`;
  });
const openTag = fc
  .tuple(
    tagName,
    fc.array(attribute, { maxLength: 4 }),
    fc.constantFrom('>', '/>', ' >', ' / >', ''),
  )
  .map(([name, attrs, end]) => `<${name}${attrs.join('')}${end}`);
const closeTag = fc
  .tuple(tagName, fc.constantFrom('>', ' >', ' x>', ''))
  .map(([name, end]) => `</${name}${end}`);
const markup = fc.constantFrom(
  '<!-- a comment -->',
  '<!---->',
  '<!-->',
  '<!--->',
  '<!-- x --!>',
  '<!-- a -- b --->',
  '<!- x>',
  '<!>',
  '<!DOCTYPE html>',
  '<!doctype>',
  '<!docx>',
  '<![CDATA[ <td>x</td> ]]>',
  '<![CDATA[ y ]]]>',
  '<![CDAT',
  '<?php echo 1 ?>',
  '</>',
  '</ td>',
  '</1>',
  '<',
  '</',
  '<1',
  '< td>',
  '<meta name="generator" content="client terminal">',
  '<meta NAME=Generator content=" Strategy Tester ">',
  '</title',
  '</scr',
  '</script',
  '</ti&amp;',
);
/** A raw-text or RCDATA element with near-misses of its end tag inside. */
const special = fc
  .tuple(
    fc.constantFrom('script', 'SCRIPT', 'style', 'title', 'Title', 'textarea', 'xmp', 'noframes'),
    fc.array(
      fc.oneof(
        word,
        entity,
        markup,
        fc.constantFrom('</', '</ti', '</title', '</scr', '\u001c/title>', '</style x', '<</'),
      ),
      { maxLength: 6 },
    ),
    fc.constantFrom('>', ' >', '\n>', 'x>', ''),
  )
  .map(([name, body, end]) => `<${name}>${body.join('')}</${name}${end}`);
/** SVG or MathML around generated markup: names cased as SVG's, CDATA as text, "/>" closes. */
const foreign = fc
  .tuple(
    fc.constantFrom('svg', 'SVG', 'math'),
    fc.array(
      fc.oneof(
        word,
        fc.constantFrom(
          '<foreignObject>',
          '<foreignobject>',
          '</foreignObject>',
          '</FOREIGNOBJECT>',
          '<clipPath>',
          '<clippath/>',
          '</clippath>',
          '<desc>',
          '</desc>',
          '<mi>',
          '</mi>',
          '<title>',
          '</title>',
          '<td/>',
          '<tr/>',
          '<form>',
          '<image>',
          '<script>x</script>',
          '<![CDATA[ a<b ]]>',
        ),
      ),
      { maxLength: 8 },
    ),
  )
  .map(([name, body]) => `<${name}>${body.join('')}</${name}>`);
const fragment = fc.oneof(
  { weight: 1, arbitrary: foreign },
  { weight: 4, arbitrary: word },
  { weight: 3, arbitrary: entity },
  { weight: 4, arbitrary: openTag },
  { weight: 3, arbitrary: closeTag },
  { weight: 3, arbitrary: markup },
  { weight: 1, arbitrary: special },
);
const document = fc.array(fragment, { maxLength: 60 }).map((parts) => parts.join(''));
/** Markup shaped like a report: rows of cells between the generated fragments. */
const tableDocument = fc
  .array(
    fc.tuple(
      fc.array(fc.oneof(word, entity), { maxLength: 3 }),
      fc.array(fragment, { maxLength: 4 }),
    ),
    { maxLength: 20 },
  )
  .map(
    (rows) =>
      `<html><table>${rows
        .map(([cells, junk], i) =>
          i % 3 === 0
            ? `<tr><td colspan="14">${cells.join('')}</td>${junk.join('')}</tr>`
            : `<tr>${cells.map((c) => `<td class="${i % 2 ? 'hidden' : ''}">${c}</td>`).join('')}${junk.join('')}`,
        )
        .join('\n')}</table></html>`,
  );
const cuts = fc.array(fc.nat(), { maxLength: 12 });

const HTML_FIXTURES = (await readdir(fixture('.'))).filter((f) => f.endsWith('.html'));

async function decoded(name: string): Promise<string> {
  let text = '';
  async function* one() {
    yield await readFile(fixture(name));
  }
  for await (const piece of decodeStream(one())) text += piece;
  return text;
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the HTML tokenizer reads as htmlparser2 did', () => {
  it.each(HTML_FIXTURES)(
    '%s: the same tags and text, whole and cut into chunks anywhere',
    async (name) => {
      const text = await decoded(name);
      const expected = referenceEvents([text]);
      expect(expected.length).toBeGreaterThan(1000);
      expect(tokenizerEvents([text])).toEqual(expected);
      fc.assert(
        fc.property(fc.array(fc.nat(), { minLength: 1, maxLength: 40 }), (points) => {
          expect(tokenizerEvents(split(text, points))).toEqual(expected);
        }),
        { numRuns: 5 },
      );
      // one character at a time through the head, where the meta and the first rows are
      const head = text.slice(0, 6000);
      expect(tokenizerEvents(Array.from(head))).toEqual(referenceEvents([head]));
    },
    60_000,
  );

  it('generated markup: the same tags and text, whole and in chunks', () => {
    fc.assert(
      fc.property(fc.oneof(document, tableDocument), cuts, (html, points) => {
        const expected = referenceEvents([html]);
        expect(tokenizerEvents([html])).toEqual(expected);
        expect(tokenizerEvents(split(html, points))).toEqual(expected);
        expect(referenceEvents(split(html, points))).toEqual(expected);
      }),
      { numRuns: 600 },
    );
  }, 60_000);

  it('generated markup cut one character at a time', () => {
    fc.assert(
      fc.property(document, (html) => {
        expect(tokenizerEvents(Array.from(html))).toEqual(referenceEvents([html]));
      }),
      { numRuns: 300 },
    );
  }, 60_000);
});

describe('html.ts gives the rows the htmlparser2 reader gave', () => {
  it.each(HTML_FIXTURES)(
    '%s: the same rows and the same report, in chunks of any size',
    async (name) => {
      const text = await decoded(name);
      for (const sizes of [[1 << 16], [777, 3, 4096, 1]]) {
        const expected = await referenceRows(text, sizes);
        expect(expected.result).toMatch(/^read \d+ deals$/);
        expect(await readerRows(text, sizes)).toEqual(expected);
      }
    },
    60_000,
  );

  it('generated markup: the same rows, kinds and refusal', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(tableDocument, document),
        fc.array(fc.integer({ min: 1, max: 700 }), { maxLength: 5 }),
        async (html, sizes) => {
          expect(await readerRows(html, sizes)).toEqual(await referenceRows(html, sizes));
        },
      ),
      { numRuns: 300 },
    );
  }, 60_000);

  it('under lowered caps: the same refusal at the same point', async () => {
    const text = await decoded('ReportHistory-5014131788-MetaQuotesDemo-BG.html');
    for (const limits of [{ rows: 40 }, { cells: 300 }, { rowCells: 13 }, { cellChars: 30 }]) {
      const expected = await referenceRows(text, [999], limits);
      expect(expected.result).toMatch(/passa de/);
      expect(await readerRows(text, [999], limits)).toEqual(expected);
    }
  });
});
