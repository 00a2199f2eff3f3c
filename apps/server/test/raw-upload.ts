import http from 'node:http';

// An upload over a real socket that the test paces itself: bytes written when it says, the
// request left open or cut, and the answer and the socket's close observed as events.

export interface RawAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

export interface RawUpload {
  write: (bytes: Buffer | string) => void;
  end: (bytes?: Buffer) => void;
  /** Cuts the connection, as a client that went away. */
  abort: () => void;
  /** The server's answer; rejects if the socket ends without one. */
  answer: Promise<RawAnswer>;
  /** Resolves once the socket is closed, by either side. */
  closed: Promise<void>;
  answered: () => boolean;
}

export function rawUpload(base: string, path: string, token: string): RawUpload {
  let done = false;
  const req = http.request(`${base}${path}`, {
    method: 'POST',
    agent: false,
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': 'application/octet-stream',
      'transfer-encoding': 'chunked',
    },
  });
  const answer = new Promise<RawAnswer>((resolve, reject) => {
    req.once('response', (res) => {
      done = true;
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.once('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      res.once('error', reject);
    });
    req.once('error', reject);
  });
  // A write after the server closed fails with EPIPE: what matters is the answer above.
  answer.catch(() => undefined);
  const closed = new Promise<void>((resolve) => {
    req.once('socket', (socket) => socket.once('close', () => resolve()));
  });
  req.flushHeaders();
  return {
    write: (bytes) => {
      if (!req.destroyed) req.write(bytes);
    },
    end: (bytes) => req.end(bytes),
    abort: () => req.destroy(),
    answer,
    closed,
    answered: () => done,
  };
}
