import { TextDecoder } from 'node:util';

// The terminal writes its HTML reports in UTF-16 LE with a BOM; people re-save them as UTF-8 (with
// or without BOM) and, rarely, UTF-16 BE. The encoding is read from the BOM, else sniffed from
// where the NUL bytes fall in the first bytes, and the text is decoded chunk by chunk.

export type TextEncoding = 'utf-8' | 'utf-16le' | 'utf-16be';

const SNIFF_BYTES = 512;

export function sniffEncoding(head: Uint8Array): TextEncoding {
  if (head[0] === 0xff && head[1] === 0xfe) return 'utf-16le';
  if (head[0] === 0xfe && head[1] === 0xff) return 'utf-16be';
  if (head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf) return 'utf-8';
  let evenNul = 0;
  let oddNul = 0;
  const n = Math.min(head.length, SNIFF_BYTES);
  for (let i = 0; i < n; i++) {
    if (head[i] !== 0) continue;
    if (i % 2 === 0) evenNul++;
    else oddNul++;
  }
  // ASCII text in UTF-16 has a NUL in every other byte: after the letter in LE, before it in BE.
  if (oddNul > n / 4 && oddNul > evenNul) return 'utf-16le';
  if (evenNul > n / 4 && evenNul > oddNul) return 'utf-16be';
  return 'utf-8';
}

/** Decodes a byte stream into text chunks; a character split across chunks is kept whole. */
export async function* decodeStream(
  source: AsyncIterable<Uint8Array>,
): AsyncGenerator<string, TextEncoding | null> {
  let decoder: TextDecoder | null = null;
  let encoding: TextEncoding | null = null;
  let head: Uint8Array[] = [];
  let headLength = 0;
  for await (const chunk of source) {
    if (decoder === null) {
      head.push(chunk);
      headLength += chunk.length;
      if (headLength < SNIFF_BYTES) continue;
      const bytes = Buffer.concat(head);
      head = [];
      encoding = sniffEncoding(bytes);
      decoder = new TextDecoder(encoding);
      yield decoder.decode(bytes, { stream: true });
      continue;
    }
    yield decoder.decode(chunk, { stream: true });
  }
  if (decoder === null) {
    const bytes = Buffer.concat(head);
    if (bytes.length === 0) return null;
    encoding = sniffEncoding(bytes);
    decoder = new TextDecoder(encoding);
    yield decoder.decode(bytes, { stream: true });
  }
  const rest = decoder.decode();
  if (rest !== '') yield rest;
  return encoding;
}
