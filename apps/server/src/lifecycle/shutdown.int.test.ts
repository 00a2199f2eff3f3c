import { apiErrorMessages } from '@vortex/core';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, EmbeddedServer } from '../../test/embedded-server.js';
import { connectClient } from '../db/pg-client.js';
import { z } from 'zod';
import { oneRow } from '../db/rows.js';

let server: EmbeddedServer;

beforeAll(async () => {
  server = await EmbeddedServer.start();
}, 90_000);

afterAll(async () => {
  await server.stop();
});

interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** HTTP/1.1 responses one after another on one connection, each with a content-length. */
function parseResponses(raw: Buffer): RawResponse[] {
  const out: RawResponse[] = [];
  let rest = raw;
  while (rest.length > 0) {
    const end = rest.indexOf('\r\n\r\n');
    if (end < 0) break;
    const [statusLine = '', ...lines] = rest.subarray(0, end).toString('latin1').split('\r\n');
    const headers = Object.fromEntries(
      lines.map((l) => [
        l.slice(0, l.indexOf(':')).toLowerCase(),
        l.slice(l.indexOf(':') + 1).trim(),
      ]),
    );
    const length = Number(headers['content-length'] ?? 0);
    const body = rest.subarray(end + 4, end + 4 + length).toString('utf8');
    out.push({ status: Number(statusLine.split(' ')[1]), headers, body });
    rest = rest.subarray(end + 4 + length);
  }
  return out;
}

async function refusesConnections(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const s = net.connect(port, '127.0.0.1');
    s.once('connect', () => {
      s.destroy();
      resolve(false);
    });
    s.once('error', () => resolve(true));
  });
}

describe('SIGTERM', () => {
  it('finishes the request in flight and answers one arriving meanwhile with a pt-BR 503', async () => {
    // The sign-in waits on this lock: a slow request, in flight when the signal comes.
    const locker = await connectClient(server.databaseUrl);
    await locker.query('BEGIN');
    await locker.query('LOCK TABLE users IN ACCESS EXCLUSIVE MODE');
    const socket = net.connect(server.ports.api, '127.0.0.1');
    const received: Buffer[] = [];
    socket.on('data', (c: Buffer) => received.push(c));
    const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    const login = JSON.stringify({ email: ADMIN.email, password: ADMIN.password });
    socket.write(
      `POST /auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n` +
        `Content-Length: ${Buffer.byteLength(login)}\r\n\r\n${login}`,
    );
    await server.waitFor('the sign-in to wait on the lock', async () => {
      const { n } = await oneRow(
        server.pool,
        z.object({ n: z.number() }),
        `SELECT count(*)::int AS n FROM pg_stat_activity
          WHERE datname = current_database() AND wait_event_type = 'Lock'`,
      );
      return n > 0;
    });

    server.signal('SIGTERM');
    // Closing: the listening socket is gone, this connection (busy) stays.
    await server.waitFor('the server to stop accepting', () =>
      refusesConnections(server.ports.api),
    );
    // Handed to the kernel before the sign-in may go on (and it then still checks a password).
    await new Promise<void>((resolve) =>
      socket.write('GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n', () => resolve()),
    );
    await locker.query('ROLLBACK');
    await locker.end();
    await closed;

    const [first, second] = parseResponses(Buffer.concat(received));
    expect(first?.status).toBe(200);
    expect(second?.status).toBe(503);
    expect(JSON.parse(second?.body ?? '')).toEqual({
      success: false,
      error: apiErrorMessages.shuttingDown,
    });
    expect(second?.headers.connection).toBe('close');
    expect(await server.exit()).toEqual({ code: 0, signal: null });
  }, 60_000);
});
