import type { Readable } from 'node:stream';

/**
 * Calls `onLine` for each newline-terminated line the socket receives (a trailing `\r` is
 * dropped: MQL5 code often ends lines with `\r\n`). A line longer than `maxLength` is a broken or
 * foreign peer: `onOverflow` is called and the rest of the input is ignored.
 */
export function readLines(
  socket: Readable,
  maxLength: number,
  onLine: (line: string) => void,
  onOverflow: () => void,
): void {
  let buffer = '';
  let broken = false;
  socket.setEncoding('utf8');
  socket.on('data', (chunk: string) => {
    if (broken) return;
    buffer += chunk;
    let newline = buffer.indexOf('\n');
    while (newline >= 0) {
      const line = buffer.slice(0, newline).replace(/\r$/, '');
      buffer = buffer.slice(newline + 1);
      if (line.trim() !== '') onLine(line);
      newline = buffer.indexOf('\n');
    }
    if (buffer.length > maxLength) {
      broken = true;
      buffer = '';
      onOverflow();
    }
  });
}
