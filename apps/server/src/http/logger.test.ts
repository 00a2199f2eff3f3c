import { Writable } from 'node:stream';
import Fastify from 'fastify';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { HIDDEN, installLogRedaction, loggedUrl, loggerOptions } from './logger.js';

const route = (pattern: string | undefined, secretParams: string[] = []) => ({
  pattern,
  secretParams,
});

describe('loggedUrl', () => {
  it('hides token-like query values and keeps the rest', () => {
    expect(loggedUrl('/api/auth/validate-reset-token?token=abc123&x=1', route('/api/auth/x'))).toBe(
      '/api/auth/validate-reset-token?token=%5Bredacted%5D&x=1',
    );
    expect(loggedUrl('/bridge/events?auth_token=s3cr3t', route('/bridge/events'))).not.toContain(
      's3cr3t',
    );
    expect(loggedUrl('/health', route('/health'))).toBe('/health');
  });

  it("hides the route's declared secret params and keeps its other params", () => {
    expect(
      loggedUrl('/bridge/token/status/s3cr3t?x=1', route('/bridge/token/status/:token', ['token'])),
    ).toBe(`/bridge/token/status/${HIDDEN}?x=1`);
    expect(loggedUrl('/users/42/role', route('/users/:id/role'))).toBe('/users/42/role');
  });

  it('keeps only the route words of a path that matched no route', async () => {
    const app = Fastify();
    installLogRedaction(app);
    app.get('/bridge/token/status/:token', { config: { secretParams: ['token'] } }, () => '');
    await app.ready();
    expect(loggedUrl('/bridge/token/status/s3cr3t/', route(undefined))).toBe(
      `/bridge/token/status/${HIDDEN}/`,
    );
    expect(loggedUrl('/BRIDGE/token/s3cr3t?ticket=t1', route(undefined))).toBe(
      `/${HIDDEN}/token/${HIDDEN}?ticket=%5Bredacted%5D`,
    );
    await app.close();
  });

  it('refuses a route declaring a secret that is not one of its params', async () => {
    const app = Fastify();
    installLogRedaction(app);
    expect(() =>
      app.get('/bridge/token/status', { config: { secretParams: ['token'] } }, () => ''),
    ).toThrow(/token/);
    await app.close();
  });
});

describe('logger redaction', () => {
  it('never writes passwords or tokens', () => {
    let out = '';
    const sink = new Writable({
      write(chunk: Buffer, _enc, cb) {
        out += chunk.toString();
        cb();
      },
    });
    const log = pino(loggerOptions('info'), sink);
    log.info(
      { body: { email: 'a@b.com', password: 'Segredo@123' }, session: { token: 'tok-xyz' } },
      'login',
    );
    log.info({ req: { headers: { authorization: 'Bearer tok-abc' } } }, 'req');
    expect(out).toContain('a@b.com');
    expect(out).not.toContain('Segredo@123');
    expect(out).not.toContain('tok-xyz');
    expect(out).not.toContain('tok-abc');
  });
});
