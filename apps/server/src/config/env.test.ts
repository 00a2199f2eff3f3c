import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './env.js';

describe('loadConfig', () => {
  it('uses the embedded defaults when nothing is set', () => {
    const c = loadConfig({}, '/srv/vortex');
    expect(c.port).toBe(5000);
    expect(c.webPort).toBe(3000);
    expect(c.dataDir).toBe('/srv/vortex/data');
    expect(c.databaseUrl).toBeUndefined();
    expect(c.demo).toBe(false);
    expect(c.embeddedPgPort).toBeUndefined();
    expect(c.webOrigins).toEqual(['http://localhost:3000', 'http://127.0.0.1:3000']);
  });

  it('reads an explicit embedded PostgreSQL port', () => {
    expect(loadConfig({ EMBEDDED_PG_PORT: '54329' }).embeddedPgPort).toBe(54329);
    expect(() => loadConfig({ EMBEDDED_PG_PORT: '0' })).toThrow(/EMBEDDED_PG_PORT/);
  });

  it('reads Redis with its key prefix, and refuses a prefix that is not a plain name', () => {
    expect(loadConfig({})).toMatchObject({ redisUrl: undefined, redisPrefix: 'vortex:' });
    expect(
      loadConfig({ REDIS_URL: 'redis://10.0.0.5:6379', REDIS_PREFIX: 'vortex-sp:' }),
    ).toMatchObject({ redisUrl: 'redis://10.0.0.5:6379', redisPrefix: 'vortex-sp:' });
    expect(() => loadConfig({ REDIS_URL: 'http://10.0.0.5' })).toThrow(/REDIS_URL/);
    expect(() => loadConfig({ REDIS_PREFIX: 'a b*' })).toThrow(/REDIS_PREFIX/);
  });

  it('waits 3 s for the trading warm-up unless told otherwise, 0 skipping it', () => {
    expect(loadConfig({}).tradingWarmUpMs).toBe(3_000);
    expect(loadConfig({ TRADING_WARM_UP_MS: '0' }).tradingWarmUpMs).toBe(0);
    expect(() => loadConfig({ TRADING_WARM_UP_MS: '-1' })).toThrow(/TRADING_WARM_UP_MS/);
    expect(() => loadConfig({ TRADING_WARM_UP_MS: '2s' })).toThrow(/TRADING_WARM_UP_MS/);
  });

  it('names PORT when it is not a number', () => {
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(/PORT/);
  });

  it('lists every bad variable in one error', () => {
    try {
      loadConfig({
        PORT: 'abc',
        WEB_PORT: '70000',
        DEMO: 'yes',
        DATABASE_URL: 'mysql://x',
        LOG_LEVEL: 'loud',
      });
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      const names = (err as ConfigError).problems.map((p) => p.split(':')[0]);
      expect(names).toEqual(
        expect.arrayContaining(['PORT', 'WEB_PORT', 'DEMO', 'DATABASE_URL', 'LOG_LEVEL']),
      );
    }
  });

  it('requires ADMIN_EMAIL and ADMIN_PASSWORD together', () => {
    expect(() => loadConfig({ ADMIN_EMAIL: 'a@b.com' })).toThrow(/ADMIN_PASSWORD/);
    const c = loadConfig({ ADMIN_EMAIL: 'a@b.com', ADMIN_PASSWORD: 'Segura@123' });
    expect(c.admin).toEqual({ email: 'a@b.com', password: 'Segura@123' });
  });

  it('requires DEMO_EMAIL and DEMO_PASSWORD together, and a numeric SIM_SPEED', () => {
    expect(() => loadConfig({ DEMO_PASSWORD: 'Segura@123' })).toThrow(/DEMO_PASSWORD/);
    expect(() => loadConfig({ SIM_SPEED: 'rápido' })).toThrow(/SIM_SPEED/);
    expect(loadConfig({ DEMO: '1', SIM_SPEED: '60' }).sim).toEqual({
      speed: '60',
      historyDays: undefined,
    });
  });

  it('reads the demo simulator’s kind of account, refusing what the agent could not use', () => {
    const env = {
      SIM_MARGIN_MODE: 'hedging',
      SIM_CURRENCY: 'USD',
      SIM_DEAL_FEE: '0.1',
      SIM_BALANCE_OPS: '20:5000,40:-3000',
    };
    expect(loadConfig(env).sim).toEqual({
      speed: undefined,
      historyDays: undefined,
      marginMode: 'hedging',
      currency: 'USD',
      dealFee: '0.1',
      balanceOps: '20:5000,40:-3000',
    });
    expect(() => loadConfig({ SIM_MARGIN_MODE: 'exchange' })).toThrow(/SIM_MARGIN_MODE/);
    expect(() => loadConfig({ SIM_CURRENCY: 'dólar' })).toThrow(/SIM_CURRENCY/);
    expect(() => loadConfig({ SIM_DEAL_FEE: '-1' })).toThrow(/SIM_DEAL_FEE/);
    expect(() => loadConfig({ SIM_BALANCE_OPS: '20=5000' })).toThrow(/SIM_BALANCE_OPS/);
  });

  it('has WhatsApp on unless WHATSAPP=0', () => {
    expect(loadConfig({}).whatsapp).toBe(true);
    expect(loadConfig({ WHATSAPP: '0' }).whatsapp).toBe(false);
    expect(() => loadConfig({ WHATSAPP: 'nao' })).toThrow(/WHATSAPP/);
  });

  it('rejects the API and the web app on the same port', () => {
    expect(() => loadConfig({ PORT: '4000', WEB_PORT: '4000' })).toThrow(/WEB_PORT/);
  });

  it('reads the SMS provider and requires SMS_URL with its other variables', () => {
    expect(loadConfig({}).sms).toBeUndefined();
    expect(() => loadConfig({ SMS_TOKEN: 'abc' })).toThrow(/SMS_URL/);
    expect(() => loadConfig({ SMS_URL: 'ftp://sms' })).toThrow(/SMS_URL/);
    expect(() =>
      loadConfig({ SMS_URL: 'https://sms.example/send', SMS_BODY_TEMPLATE: '{"t":"{text}"}' }),
    ).toThrow(/SMS_BODY_TEMPLATE/);
    expect(
      loadConfig({ SMS_URL: 'https://sms.example/send', SMS_USER: 'u', SMS_PASSWORD: 'p' }).sms,
    ).toEqual({
      url: 'https://sms.example/send',
      user: 'u',
      password: 'p',
      token: undefined,
      bodyTemplate: undefined,
    });
  });

  it('hands out the API at PUBLIC_API_URL, or at HOST:PORT (localhost for a wildcard)', () => {
    expect(loadConfig({}).publicApiUrl).toBe('http://localhost:5000');
    expect(loadConfig({ HOST: '10.0.0.7', PORT: '8080' }).publicApiUrl).toBe(
      'http://10.0.0.7:8080',
    );
    expect(loadConfig({ HOST: '0.0.0.0' }).publicApiUrl).toBe('http://localhost:5000');
    expect(loadConfig({ HOST: '::1' }).publicApiUrl).toBe('http://[::1]:5000');
    expect(loadConfig({ PUBLIC_API_URL: 'https://api.vortex.com.br/' }).publicApiUrl).toBe(
      'https://api.vortex.com.br',
    );
    // Its host goes into a CSP and the installer: a ';' there would be text injected.
    expect(() => loadConfig({ PUBLIC_API_URL: 'http://a;b' })).toThrow(/PUBLIC_API_URL/);
    expect(() => loadConfig({ APP_URL: 'http://a b' })).toThrow(/APP_URL/);
  });

  it('answers to loopback, HOST unless a wildcard, the public hosts and ALLOWED_HOSTS', () => {
    expect(loadConfig({}).allowedHosts).toEqual([
      'localhost',
      '127.0.0.1',
      '[::1]',
      'localhost:5000',
      'localhost:3000',
      '127.0.0.1:3000',
    ]);
    expect(loadConfig({ HOST: '0.0.0.0' }).allowedHosts).not.toContain('0.0.0.0');
    const behindProxy = loadConfig({
      HOST: '0.0.0.0',
      PUBLIC_API_URL: 'https://api.vortex.com.br',
      APP_URL: 'https://app.vortex.com.br',
      ALLOWED_HOSTS: 'Vortex.Interno:8443, 10.0.0.7',
    }).allowedHosts;
    expect(behindProxy).toEqual(
      expect.arrayContaining([
        'api.vortex.com.br',
        'app.vortex.com.br',
        'vortex.interno:8443',
        '10.0.0.7',
      ]),
    );
  });

  it('names every bad ALLOWED_HOSTS entry', () => {
    expect(() => loadConfig({ ALLOWED_HOSTS: 'ok.example, a;b, x:99999' })).toThrow(
      /ALLOWED_HOSTS: .*a;b, x:99999/,
    );
  });

  it('takes explicit web origins', () => {
    const c = loadConfig({ WEB_ORIGINS: 'https://app.vortex.com.br, http://localhost:3000' });
    expect(c.webOrigins).toEqual(['https://app.vortex.com.br', 'http://localhost:3000']);
  });
});
