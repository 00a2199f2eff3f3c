import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildWebServer } from './web-server.js';

let dist: string;
let web: FastifyInstance;

beforeAll(async () => {
  dist = await mkdtemp(path.join(os.tmpdir(), 'vortex-dist-'));
  await mkdir(path.join(dist, 'assets'));
  await writeFile(path.join(dist, 'index.html'), '<!doctype html><html lang="pt-BR"></html>');
  await writeFile(path.join(dist, 'assets', 'app-1234.js'), 'console.log(1)');
  web = await buildWebServer({
    distDir: dist,
    logger: pino({ level: 'silent' }),
    apiPort: 5000,
    publicApiUrl: undefined,
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

  it('picks up files written after start (a rebuild while running)', async () => {
    await writeFile(path.join(dist, 'assets', 'late-5678.js'), 'console.log(2)');
    expect((await web.inject('/assets/late-5678.js')).statusCode).toBe(200);
  });

  it('names the API on the host the browser used', async () => {
    const res = await web.inject({
      url: '/runtime-config.js',
      headers: { host: '192.168.0.10:3000' },
    });
    expect(res.body).toBe('window.__VORTEX_CONFIG__ = {"apiUrl":"http://192.168.0.10:5000"};\n');
    expect(res.headers['content-security-policy']).toContain(
      "connect-src 'self' http://192.168.0.10:5000 ws://192.168.0.10:5000",
    );
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('refuses to start without a built web app', async () => {
    await expect(
      buildWebServer({
        distDir: '/nao/existe',
        logger: pino({ level: 'silent' }),
        apiPort: 5000,
        publicApiUrl: undefined,
      }),
    ).rejects.toThrow(/npm run build/);
  });
});
