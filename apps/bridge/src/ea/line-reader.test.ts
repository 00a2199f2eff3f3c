import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { readLines } from './line-reader.js';

function reader(maxLength = 100) {
  const stream = new PassThrough();
  const lines: string[] = [];
  let overflows = 0;
  readLines(
    stream,
    maxLength,
    (l) => lines.push(l),
    () => overflows++,
  );
  return { stream, lines, overflows: () => overflows };
}

describe('readLines', () => {
  it('joins lines split across chunks, drops \\r and blank lines, keeps UTF-8 whole', () => {
    const { stream, lines } = reader();
    const text = Buffer.from('{"a":1}\r\n\n{"comment":"Vórtex"}\n{"b"');
    // Cut inside the two bytes of "ó": the decoder must wait for the second one.
    const cut = text.indexOf(Buffer.from('ó')) + 1;
    stream.write(text.subarray(0, cut));
    stream.write(text.subarray(cut));
    expect(lines).toEqual(['{"a":1}', '{"comment":"Vórtex"}']);
    stream.write(':2}\n');
    expect(lines.at(-1)).toBe('{"b":2}');
  });

  it('gives up on a line longer than the limit', () => {
    const { stream, lines, overflows } = reader(10);
    stream.write('x'.repeat(11));
    stream.write('\n{"late":1}\n');
    expect(overflows()).toBe(1);
    expect(lines).toEqual([]);
  });
});
