import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { apiErrorMessages } from '@vortex/core';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildWebServer } from './web-server.js';
import { waitUntil } from '../../test/wait.js';

let dist: string;
let web: FastifyInstance;

beforeAll(async () => {
  dist = await mkdtemp(path.join(os.tmpdir(), 'vortex-dist-'));
  await mkdir(path.join(dist, 'assets'));
  await writeFile(path.join(dist, 'index.html'), '<!doctype html><html lang="pt-BR"></html>');
  await writeFile(path.join(dist, 'assets', 'app-1234.js'), 'console.log(1)');
  // What the build's precompress plugin writes beside each text asset.
  for (const file of ['index.html', 'assets/app-1234.js']) {
    const bytes = await readFile(path.join(dist, file));
    await writeFile(path.join(dist, `${file}.br`), brotliCompressSync(bytes));
    await writeFile(path.join(dist, `${file}.gz`), gzipSync(bytes));
  }
  web = await buildWebServer({
    distDir: dist,
    logger: pino({ level: 'silent' }),
    publicApiUrl: 'https://api.vortex.example',
    allowedHosts: ['localhost', 'app.vortex.example'],
  });
});
afterAll(async () => {
  await web.close();
  await rm(dist, { recursive: true, force: true });
});

describe('web server', () => {
  it.each(['/', '/login', '/dashboard', '/users/42'])('serves index.html for %s', async (url) => {
    const res = await web.inject(url);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('lang="pt-BR"');
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('serves hashed assets as immutable and a missing asset as 404', async () => {
    const ok = await web.inject('/assets/app-1234.js');
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['cache-control']).toContain('immutable');
    expect((await web.inject('/assets/missing-9999.js')).statusCode).toBe(404);
  });

  it.each([
    ['gzip, deflate, br, zstd', 'br'],
    ['br;q=0.5, gzip', 'gzip'],
    ['gzip;q=0.8, br;q=0.9', 'br'],
    ['br;q=0, gzip;q=0, identity', undefined],
    ['identity', undefined],
    ['', undefined],
  ])('answers Accept-Encoding "%s" with %s', async (accept, encoding) => {
    const res = await web.inject({
      url: '/assets/app-1234.js',
      headers: { 'accept-encoding': accept },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe(encoding);
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.headers['content-type']).toMatch(/^(?:text|application)\/javascript/);
    expect(res.headers['cache-control']).toContain('immutable');
    expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
    const body =
      encoding === 'br'
        ? brotliDecompressSync(res.rawPayload)
        : encoding === 'gzip'
          ? gunzipSync(res.rawPayload)
          : res.rawPayload;
    expect(body.toString()).toBe('console.log(1)');
  });

  it('gives each encoding its own ETag, so a cache never mixes them', async () => {
    const etag = async (accept: string) =>
      (await web.inject({ url: '/assets/app-1234.js', headers: { 'accept-encoding': accept } }))
        .headers.etag;
    const tags = new Set([await etag('br'), await etag('gzip'), await etag('identity')]);
    expect(tags.size).toBe(3);
  });

  it.each(['/', '/dashboard'])('sends the compressed index.html for %s', async (url) => {
    const res = await web.inject({ url, headers: { 'accept-encoding': 'gzip, br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(res.rawPayload).toString()).toContain('lang="pt-BR"');
  });

  it('answers a Range request from the uncompressed file', async () => {
    const res = await web.inject({
      url: '/assets/app-1234.js',
      headers: { 'accept-encoding': 'br, gzip', range: 'bytes=0-6' },
    });
    expect(res.statusCode).toBe(206);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toBe('console');
  });

  it('picks up files written after start (a rebuild while running)', async () => {
    await writeFile(path.join(dist, 'assets', 'late-5678.js'), 'console.log(2)');
    expect((await web.inject('/assets/late-5678.js')).statusCode).toBe(200);
  });

  it('names the configured API, whatever Host the browser sent', async () => {
    const res = await web.inject({
      url: '/runtime-config.js',
      headers: { host: 'app.vortex.example' },
    });
    expect(res.body).toBe('window.__VORTEX_CONFIG__ = {"apiUrl":"https://api.vortex.example"};\n');
    expect(res.headers['content-security-policy']).toContain(
      "connect-src 'self' https://api.vortex.example wss://api.vortex.example;",
    );
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it.each(['evil.example', 'evil.example:3000', 'a;b', 'localhost;script-src *'])(
    'answers Host %s with 421 in Portuguese, reflecting nothing',
    async (host) => {
      for (const url of ['/runtime-config.js', '/', '/login']) {
        const res = await web.inject({ url, headers: { host } });
        expect(res.statusCode, url).toBe(421);
        expect(res.body).toBe(apiErrorMessages.hostNotAllowed);
        expect(res.headers['content-security-policy']).not.toContain(host);
      }
    },
  );

  it('refuses to start without a built web app', async () => {
    await expect(
      buildWebServer({
        distDir: '/nao/existe',
        logger: pino({ level: 'silent' }),
        publicApiUrl: 'https://api.vortex.example',
        allowedHosts: ['localhost'],
      }),
    ).rejects.toThrow(/npm run build/);
  });
});

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const s = net.connect(port, '127.0.0.1');
    s.once('connect', () => {
      s.destroy();
      resolve(true);
    });
    s.once('error', () => resolve(false));
  });
}

describe('web server while it stops', () => {
  it('answers a page asked for meanwhile with a 503 in Portuguese, after the request in flight', async () => {
    const closing = await buildWebServer({
      distDir: dist,
      logger: pino({ level: 'silent' }),
      publicApiUrl: 'https://api.vortex.example',
      allowedHosts: ['127.0.0.1'],
    });
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let started: () => void = () => undefined;
    const inFlight = new Promise<void>((resolve) => (started = resolve));
    // A request still running when the stop begins.
    closing.get('/lento', async () => {
      started();
      await gate;
      return 'pronto';
    });
    await closing.listen({ port: 0, host: '127.0.0.1' });
    const { port } = closing.server.address() as { port: number };
    const socket = net.connect(port, '127.0.0.1');
    let received = '';
    socket.on('data', (c: Buffer) => (received += c.toString('utf8')));
    const ended = new Promise<void>((resolve) => socket.once('close', () => resolve()));
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    socket.write('GET /lento HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
    await inFlight;
    const stopped = closing.close();
    // Closing once the port refuses new connections; this one, busy, stays.
    await waitUntil(async () => !(await accepts(port)), 'the closing server still accepts', {
      intervalMs: 10,
    });
    // Handed to the kernel before the request in flight may finish.
    await new Promise<void>((resolve) =>
      socket.write('GET /dashboard HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n', () => resolve()),
    );
    release();
    await ended;
    await stopped;
    const [first, second] = received.split(/(?=HTTP\/1\.1 )/);
    expect(first).toMatch(/^HTTP\/1\.1 200/);
    expect(second).toMatch(/^HTTP\/1\.1 503/);
    expect(second).toContain(apiErrorMessages.shuttingDown);
    expect(second).not.toContain('Service Unavailable"');
  });
});
