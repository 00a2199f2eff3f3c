import { validateHeaderName, validateHeaderValue } from 'node:http';

/**
 * Wire bytes for live channels, made once and written straight to each socket. An event stream
 * is a chunked HTTP/1.1 body we frame ourselves (node:http keeps a head string and a response
 * object per stream otherwise); a WebSocket server frame is never masked, so one text frame
 * serves every socket.
 */

type Headers = Record<string, string | number | readonly string[] | undefined>;

/** One chunk of a chunked body, as text. */
export function httpChunkText(text: string): string {
  return `${Buffer.byteLength(text).toString(16)}\r\n${text}\r\n`;
}

/** One chunk of a chunked body. */
export function httpChunk(text: string): Buffer {
  return Buffer.from(httpChunkText(text));
}

/** The end of a chunked body. */
export const LAST_CHUNK = Buffer.from('0\r\n\r\n');

/** The header lines last validated: every stream has the same ones (CORS adds an origin's). */
let checkedLines = '';
let dateSecond = 0;
let dateLine = '';

function headerLines(name: string, value: string | number | readonly string[]): string {
  if (typeof value !== 'object') return `${name}: ${value}\r\n`;
  let lines = '';
  for (const one of value) lines += `${name}: ${one}\r\n`;
  return lines;
}

function validate(name: string, value: string | number | readonly string[]): void {
  validateHeaderName(name);
  for (const one of typeof value === 'object' ? value : [String(value)]) {
    validateHeaderValue(name, one);
  }
}

/**
 * A 200 head with `headers` (the ones every route sends, as set on the reply) and `own` over
 * them, for a chunked body; validated as node:http would, once for as long as they repeat.
 */
export function chunkedHead(headers: Headers, own: Record<string, string>): string {
  let lines = '';
  for (const name in headers) {
    const value = headers[name];
    if (value !== undefined && !(name in own)) lines += headerLines(name, value);
  }
  for (const name in own) lines += headerLines(name, own[name] ?? '');
  lines += 'transfer-encoding: chunked\r\n';
  if (lines !== checkedLines) {
    for (const name in headers) {
      const value = headers[name];
      if (value !== undefined) validate(name, value);
    }
    for (const name in own) validate(name, own[name] ?? '');
    checkedLines = lines;
  }
  // Date has a one-second resolution: made once a second, as node:http does.
  const second = Math.floor(Date.now() / 1000);
  if (second !== dateSecond) {
    dateSecond = second;
    dateLine = `date: ${new Date(second * 1000).toUTCString()}\r\n`;
  }
  return `HTTP/1.1 200 OK\r\n${dateLine}${lines}\r\n`;
}

/** A final, unmasked text frame (RFC 6455 §5.2) carrying `payload`. */
export function wsTextFrame(payload: Buffer): Buffer {
  const n = payload.length;
  const size = n < 126 ? 2 : n < 65_536 ? 4 : 10;
  const frame = Buffer.allocUnsafe(size + n);
  frame[0] = 0x81;
  if (size === 2) {
    frame[1] = n;
  } else if (size === 4) {
    frame[1] = 126;
    frame.writeUInt16BE(n, 2);
  } else {
    frame[1] = 127;
    frame.writeBigUInt64BE(BigInt(n), 2);
  }
  payload.copy(frame, size);
  return frame;
}
