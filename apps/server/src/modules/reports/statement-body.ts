import { Readable } from 'node:stream';
import { streamStatement, type StatementWriter } from '@vortex/core';
import type { OpenStatement } from './reports.service.js';

// Pieces are joined up to this many characters before they are encoded and sent.
const CHUNK_CHARS = 32_768;
const UTF16LE_BOM = Buffer.from([0xff, 0xfe]);

/** UTF-16 LE, the BOM before the first bytes: the encoding the terminal writes its HTML in. */
export function utf16leWithBom(): (text: string) => Buffer {
  let first = true;
  return (text) => {
    const bytes = Buffer.from(text, 'utf16le');
    if (!first) return bytes;
    first = false;
    return Buffer.concat([UTF16LE_BOM, bytes]);
  };
}

export const utf8 = (text: string): Buffer => Buffer.from(text, 'utf8');

/** The statement's bytes as they are written; the statement is closed when they end or stop. */
async function* statementBytes(
  open: OpenStatement,
  writer: StatementWriter,
  encode: (text: string) => Buffer,
  onEnd: () => void,
): AsyncGenerator<Buffer> {
  let failure: unknown;
  try {
    let pending = '';
    for await (const piece of streamStatement(open.input, open.sources, writer)) {
      pending += piece;
      if (pending.length < CHUNK_CHARS) continue;
      yield encode(pending);
      pending = '';
    }
    if (pending !== '') yield encode(pending);
  } catch (error) {
    failure = error;
    throw error;
  } finally {
    onEnd();
    await open.close(failure);
  }
}

async function* startingWith<T>(first: T, rest: AsyncGenerator<T>): AsyncGenerator<T> {
  yield first;
  yield* rest;
}

/**
 * The statement as a byte stream. Its first chunk is written before this returns, so a failure
 * that early is still the route's error answer; a later one destroys the stream, and the HTTP
 * response ends without its last chunk: the client sees an aborted transfer, never a short file
 * that looks whole.
 */
export async function statementStream(
  open: OpenStatement,
  writer: StatementWriter,
  encode: (text: string) => Buffer,
  options: { stallMs?: number; onEnd?: () => void } = {},
): Promise<Readable> {
  const { stallMs = Number.POSITIVE_INFINITY, onEnd = () => undefined } = options;
  // onEnd runs once the statement stops, before its connection goes back to the pool
  const bytes = statementBytes(open, writer, encode, onEnd);
  const first = await bytes.next();
  if (first.done) return Readable.from([]);
  // The stream reads ahead until its buffer is full, then waits at `yield` for the client to take
  // bytes: a wait longer than stallMs (a client that stopped reading) ends it, which closes the
  // statement and gives its connection back. Reading from the database is not counted.
  let timer: NodeJS.Timeout | undefined;
  async function* watched(): AsyncGenerator<Buffer> {
    try {
      for await (const chunk of startingWith(first.value as Buffer, bytes)) {
        if (Number.isFinite(stallMs)) {
          timer = setTimeout(() => stream.destroy(new StatementStalled(stallMs)), stallMs);
        }
        yield chunk;
        clearTimeout(timer);
      }
    } finally {
      clearTimeout(timer);
    }
  }
  const stream = Readable.from(watched());
  // A stream destroyed before it was first read never starts `watched`, whose end would end the
  // statement: end it here too (a no-op once it has ended).
  stream.once('close', () => void bytes.return(undefined));
  return stream;
}

/** A client took no byte of its statement for too long. */
export class StatementStalled extends Error {
  constructor(ms: number) {
    super(`statement stream stalled for ${ms} ms`);
  }
}
