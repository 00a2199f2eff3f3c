import { describe, expect, it } from 'vitest';
import { decodeStream, sniffEncoding } from './decode.js';

async function decodeAll(bytes: Buffer, chunk: number): Promise<string> {
  async function* chunks() {
    for (let i = 0; i < bytes.length; i += chunk) yield bytes.subarray(i, i + chunk);
  }
  let text = '';
  for await (const t of decodeStream(chunks())) text += t;
  return text;
}

const sample = '<html><td>2 351.16 Ação – Позиции</td></html>'.repeat(40);
const utf16be = (s: string) => Buffer.from(s, 'utf16le').swap16();

describe('decode', () => {
  it('detects every BOM', () => {
    expect(sniffEncoding(Buffer.from([0xff, 0xfe, 0x3c, 0]))).toBe('utf-16le');
    expect(sniffEncoding(Buffer.from([0xfe, 0xff, 0, 0x3c]))).toBe('utf-16be');
    expect(sniffEncoding(Buffer.from([0xef, 0xbb, 0xbf, 0x3c]))).toBe('utf-8');
  });

  it('sniffs UTF-16 without a BOM from where the NULs fall', () => {
    expect(sniffEncoding(Buffer.from(sample, 'utf16le'))).toBe('utf-16le');
    expect(sniffEncoding(utf16be(sample))).toBe('utf-16be');
    expect(sniffEncoding(Buffer.from(sample, 'utf8'))).toBe('utf-8');
  });

  it('decodes the same text from every encoding, whatever the chunk boundaries', async () => {
    const variants = [
      Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(sample, 'utf16le')]),
      Buffer.concat([Buffer.from([0xfe, 0xff]), utf16be(sample)]),
      Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(sample, 'utf8')]),
      Buffer.from(sample, 'utf8'),
      Buffer.from(sample, 'utf16le'),
    ];
    for (const bytes of variants) {
      // odd sizes split UTF-16 code units and multi-byte UTF-8 characters
      for (const size of [7, 513, 4096]) expect(await decodeAll(bytes, size)).toBe(sample);
    }
  });
});
