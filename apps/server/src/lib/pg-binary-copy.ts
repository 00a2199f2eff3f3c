/**
 * PostgreSQL's COPY binary format, written straight into one buffer over a DataView: numbers go
 * as their bytes, never printed and parsed back as text (most of the CPU, on both sides, of
 * storing rows). Each field writer writes the field's length, then its value, and returns where
 * the next field goes. Plain functions over a DataView: ~1 ms for 5,000 rows, against ~8 with
 * Buffer's methods.
 */

// The format's signature, flags and header extension length.
export const COPY_HEADER = Buffer.from('PGCOPY\n\xff\r\n\0\0\0\0\0\0\0\0\0', 'latin1');
/** Bytes of the trailer: a field count of -1 ends the data. */
export const COPY_TRAILER_BYTES = 2;
const TWO_32 = 2 ** 32;

/** A buffer of at most `size` bytes with the header written, its view, and where rows start. */
export function copyBuffer(size: number): { out: Buffer; v: DataView; at: number } {
  const out = Buffer.allocUnsafe(COPY_HEADER.length + size + COPY_TRAILER_BYTES);
  const v = new DataView(out.buffer, out.byteOffset, out.byteLength);
  return { out, v, at: COPY_HEADER.copy(out, 0) };
}

/** Ends the data at `at`: the buffer's rows and trailer. */
export function copyEnd(out: Buffer, v: DataView, at: number): Buffer {
  v.setInt16(at, -1);
  return out.subarray(0, at + COPY_TRAILER_BYTES);
}

/** A row's start: its field count. */
export function row(v: DataView, at: number, fields: number): number {
  v.setInt16(at, fields);
  return at + 2;
}

/** Bytes of a row's fixed part: the field count and a length per field. */
export const rowOverhead = (fields: number) => 2 + 4 * fields;

/** An integer within ±2^53 as a bigint (int8). */
export function int8(v: DataView, at: number, x: number): number {
  v.setInt32(at, 8);
  v.setInt32(at + 4, Math.floor(x / TWO_32));
  v.setUint32(at + 8, x >>> 0);
  return at + 12;
}

export function int4(v: DataView, at: number, x: number): number {
  v.setInt32(at, 4);
  v.setInt32(at + 4, x);
  return at + 8;
}

export function int2(v: DataView, at: number, x: number): number {
  v.setInt32(at, 2);
  v.setInt16(at + 4, x);
  return at + 6;
}

// As text, a -0 was stored as 0: so it still is.
export function float8(v: DataView, at: number, x: number): number {
  v.setInt32(at, 8);
  v.setFloat64(at + 4, x + 0);
  return at + 12;
}

export function bool(v: DataView, at: number, x: boolean): number {
  v.setInt32(at, 1);
  v.setUint8(at + 4, x ? 1 : 0);
  return at + 5;
}

/** A NULL field: its length -1 and no bytes. */
export function nullField(v: DataView, at: number): number {
  v.setInt32(at, -1);
  return at + 4;
}

/** Bytes a text field may take at most: UTF-8 takes at most 3 bytes per UTF-16 unit. */
export const textBound = (s: string) => 3 * s.length;

// ASCII byte by byte (ids, symbols and comments nearly always are); anything else as UTF-8.
export function text(out: Buffer, v: DataView, at: number, s: string): number {
  let p = at + 4;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0x80) {
      const n = out.write(s, at + 4, 'utf8');
      v.setInt32(at, n);
      return at + 4 + n;
    }
    out[p++] = c;
  }
  v.setInt32(at, s.length);
  return p;
}

/** Integers a double holds exactly, as the agent's contract bounds ids and times. */
export const isInt8 = (x: unknown): x is number =>
  typeof x === 'number' && Number.isInteger(x) && Math.abs(x) <= 2 ** 53;
export const isInt4 = (x: unknown): x is number =>
  typeof x === 'number' && Number.isInteger(x) && x >= -(2 ** 31) && x < 2 ** 31;
export const isInt2 = (x: unknown): x is number =>
  typeof x === 'number' && Number.isInteger(x) && x >= -32_768 && x <= 32_767;
