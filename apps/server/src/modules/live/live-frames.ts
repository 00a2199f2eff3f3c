import { validateHeaderName, validateHeaderValue } from 'node:http';

type Headers = Record<string, string | number | readonly string[] | undefined>;

/**
 * Wire bytes for live channels, made once and written straight to each socket. An event stream
 * is a chunked HTTP/1.1 body we frame ourselves (node:http keeps a head string and a response
 * object per stream otherwise); a WebSocket server frame is never masked, so one text frame
 * serves every socket.
 */

/** One chunk of a chunked body. */
export function httpChunk(text: string): Buffer {
  const body = Buffer.from(text);
  return Buffer.concat([Buffer.from(`${body.length.toString(16)}\r\n`), body, Buffer.from('\r\n')]);
}

/** The end of a chunked body. */
export const LAST_CHUNK = Buffer.from('0\r\n\r\n');

/**
 * A 200 head with `headers` (the ones every route sends, as set on the reply) and `own` over
 * them, for a chunked body; validated as node:http would.
 */
export function chunkedHead(headers: Headers, own: Record<string, string>): string {
  const all: Headers = { ...headers, ...own, 'transfer-encoding': 'chunked' };
  let head = `HTTP/1.1 200 OK\r\ndate: ${new Date().toUTCString()}\r\n`;
  for (const [name, value] of Object.entries(all)) {
    if (value === undefined) continue;
    validateHeaderName(name);
    for (const one of typeof value === 'object' ? value : [String(value)]) {
      validateHeaderValue(name, one);
      head += `${name}: ${one}\r\n`;
    }
  }
  return `${head}\r\n`;
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
