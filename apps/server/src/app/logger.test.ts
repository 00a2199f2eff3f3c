import { Writable } from 'node:stream';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { loggerOptions, redactUrl } from './logger.js';

describe('redactUrl', () => {
  it('hides token-like query values and keeps the rest', () => {
    expect(redactUrl('/api/auth/validate-reset-token?token=abc123&x=1')).toBe(
      '/api/auth/validate-reset-token?token=%5Bredacted%5D&x=1',
    );
    expect(redactUrl('/bridge/events?auth_token=s3cr3t')).not.toContain('s3cr3t');
    expect(redactUrl('/health')).toBe('/health');
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
