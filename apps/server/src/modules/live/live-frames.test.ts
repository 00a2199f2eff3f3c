import { describe, expect, it } from 'vitest';
import * as ws from 'ws';
import { chunkedHead, httpChunk, wsTextFrame } from './live-frames.js';

// ws's frame parser, as its client runs it (it has no published types).
interface FrameReader {
  on(event: 'message', fn: (data: Buffer, isBinary: boolean) => void): void;
  on(event: 'error', fn: (err: Error) => void): void;
  write(bytes: Buffer): void;
}
const { Receiver } = ws as unknown as {
  Receiver: new (opts: { isServer: boolean }) => FrameReader;
};

/** What a WebSocket client reads from these bytes. */
function readFrames(bytes: Buffer): Promise<string> {
  return new Promise((resolve, reject) => {
    const receiver = new Receiver({ isServer: false });
    receiver.on('message', (data: Buffer, isBinary: boolean) => {
      if (isBinary) reject(new Error('a binary frame'));
      else resolve(data.toString());
    });
    receiver.on('error', reject);
    receiver.write(bytes);
  });
}

describe('live frames', () => {
  it('builds a text frame a client reads back at every length encoding', async () => {
    for (const length of [0, 125, 126, 65_535, 65_536, 200_000]) {
      const text = 'é'.repeat(length / 2) + 'x'.repeat(length % 2);
      expect(await readFrames(wsTextFrame(Buffer.from(text)))).toBe(text);
    }
  });

  it('frames a chunk by its byte length', () => {
    expect(httpChunk('olá\n').toString()).toBe('5\r\nolá\n\r\n');
  });

  it('writes the given headers under its own and refuses a header that would split the head', () => {
    const head = chunkedHead({ 'x-frame-options': 'DENY', vary: ['Origin', 'Accept'] }, {});
    expect(head).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
    expect(head).toContain('\r\nx-frame-options: DENY\r\n');
    expect(head).toContain('\r\nvary: Origin\r\nvary: Accept\r\n');
    expect(head).toMatch(/\r\ntransfer-encoding: chunked\r\n\r\n$/);
    expect(chunkedHead({ 'cache-control': 'no-store' }, { 'cache-control': 'no-cache' })).toContain(
      '\r\ncache-control: no-cache\r\n',
    );
    expect(() => chunkedHead({ 'x-a': 'b\r\nset-cookie: c' }, {})).toThrow();
  });
});
