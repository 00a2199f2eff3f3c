import { DEFAULT_BOT_CONFIG, defaultBotConfig, type BotConfig } from '@vortex/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, makeUser, type TestUser } from '../../../test/identities.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { createTestDatabase, type TestDatabase } from '../../../test/test-database.js';

let db: TestDatabase;
let t: TestApp;

beforeAll(async () => {
  db = await createTestDatabase();
  t = await createTestApp(db);
});
afterAll(async () => {
  await t.close();
  await db.drop();
});

const read = async (u: TestUser) => {
  const res = await t.app.inject({ url: '/bot/config', headers: bearer(u.token) });
  expect(res.statusCode).toBe(200);
  return res.json<{ success: boolean; config: BotConfig }>();
};
const save = (u: TestUser, payload: unknown) =>
  t.app.inject({
    method: 'POST',
    url: '/bot/config',
    headers: { ...bearer(u.token), 'content-type': 'application/json' },
    payload: JSON.stringify(payload),
  });
const stored = async (u: TestUser) =>
  (
    await db.pool.query<{ config: unknown; updated_by: number | null }>(
      'SELECT config, updated_by FROM bot_configs WHERE user_id = $1',
      [u.id],
    )
  ).rows[0];
const audits = async (u: TestUser) =>
  (
    await db.pool.query<{ actor_user_id: number; meta: { changed: string[] } }>(
      `SELECT actor_user_id, meta FROM audit_log
       WHERE action = 'bot_config.update' AND target_user_id = $1 ORDER BY id`,
      [u.id],
    )
  ).rows;

type Loose = { [K in keyof BotConfig]: Record<string, unknown> };

const edited = (): BotConfig => {
  const c = defaultBotConfig();
  c.general = { symbol: 'WINF26', timeframe: 'M5', max_daily_trades: 25 };
  c.fibonacci.enabled = false;
  c.tema_crossover.reward_ratio = 2.7;
  c.bollinger_bands.volume = 0.07;
  c.rsi_contrary = { ...c.rsi_contrary, oversold: 25, overbought: 75 };
  return c;
};

describe('GET /bot/config', () => {
  it('answers the defaults to a user who never saved one, writing nothing', async () => {
    const u = await makeUser(db.pool, { role: 'trader' });
    expect(await read(u)).toEqual({ success: true, config: DEFAULT_BOT_CONFIG });
    expect(await stored(u)).toBeUndefined();
  });

  it('brings a stored older shape up to date with the defaults of the new fields', async () => {
    const u = await makeUser(db.pool, { role: 'user' });
    await db.pool.query('INSERT INTO bot_configs (user_id, config) VALUES ($1, $2)', [
      u.id,
      JSON.stringify({ general: { symbol: 'WINF26' }, atr_channel: { atr_multiplier: 3 } }),
    ]);
    const { config } = await read(u);
    expect(config.general).toEqual({ ...DEFAULT_BOT_CONFIG.general, symbol: 'WINF26' });
    expect(config.atr_channel).toEqual({ ...DEFAULT_BOT_CONFIG.atr_channel, atr_multiplier: 3 });
    expect(config.bollinger_bands).toEqual(DEFAULT_BOT_CONFIG.bollinger_bands);
  });

  it('is refused without a session', async () => {
    expect((await t.app.inject({ url: '/bot/config' })).statusCode).toBe(401);
  });
});

describe('POST /bot/config', () => {
  it('stores the full configuration, reads it back and audits what changed', async () => {
    const u = await makeUser(db.pool, { role: 'trader' });
    const res = await save(u, {
      ...edited(),
      general: { ...edited().general, symbol: ' winf26 ' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true });
    expect((await read(u)).config).toEqual(edited());
    expect((await stored(u))?.updated_by).toBe(u.id);
    const [entry] = await audits(u);
    expect(entry?.actor_user_id).toBe(u.id);
    expect(entry?.meta.changed).toEqual(
      expect.arrayContaining([
        'general.symbol',
        'general.timeframe',
        'fibonacci.enabled',
        'tema_crossover.reward_ratio',
        'bollinger_bands.volume',
        'rsi_contrary.oversold',
      ]),
    );
    expect(entry?.meta.changed).not.toContain('advanced_di.adx_period');

    const again = edited();
    again.advanced_di.enable_trailing = false;
    expect((await save(u, again)).statusCode).toBe(200);
    expect((await read(u)).config.advanced_di.enable_trailing).toBe(false);
    expect((await audits(u)).at(-1)?.meta.changed).toEqual(['advanced_di.enable_trailing']);
  });

  it('keeps the stored risk limits when a save (the spec’s payload) has none', async () => {
    const u = await makeUser(db.pool, { role: 'trader' });
    const limited = { ...edited(), risk: { daily_loss_limit: 750.5, max_drawdown: 2_000 } };
    expect((await save(u, limited)).statusCode).toBe(200);
    const { risk: _none, ...specPayload } = edited();
    specPayload.general.max_daily_trades = 40;
    expect((await save(u, specPayload)).statusCode).toBe(200);
    const { config } = await read(u);
    expect(config.general.max_daily_trades).toBe(40);
    expect(config.risk).toEqual({ daily_loss_limit: 750.5, max_drawdown: 2_000 });
    expect((await audits(u)).at(-1)?.meta.changed).toEqual(['general.max_daily_trades']);
    // Sent explicitly, the limits change (0 turns them off).
    expect(
      (await save(u, { ...specPayload, risk: { daily_loss_limit: 0, max_drawdown: 0 } }))
        .statusCode,
    ).toBe(200);
    expect((await read(u)).config.risk).toEqual({ daily_loss_limit: 0, max_drawdown: 0 });
  });

  it('refuses bad input with a pt-BR message and changes nothing', async () => {
    const u = await makeUser(db.pool, { role: 'user' });
    expect((await save(u, edited())).statusCode).toBe(200);
    const before = await stored(u);
    const cases: [(c: Loose) => void, RegExp][] = [
      [
        (c) => (c.general.max_daily_trades = 101),
        /Máximo de trades por dia deve estar entre 1 e 100/,
      ],
      [(c) => (c.fibonacci.volume = 0.015), /Volume \(contratos\) deve ser múltiplo de 0,01/],
      [(c) => (c.tema_crossover.reward_ratio = 1.25), /múltiplo de 0,1/],
      [(c) => (c.general.timeframe = 'D1'), /Timeframe deve ser M1, M5, M15 ou H1/],
      [(c) => (c.rsi_contrary.oversold = 90), /Sobrevendido deve ser menor que sobrecomprado/],
      [(c) => (c.atr_channel.magic_offset = 0), /Magic 135000 repetido/],
      [
        (c) => delete (c as Partial<Loose>).bollinger_bands,
        /Bandas de Bollinger: informe os parâmetros completos/,
      ],
      [(c) => (c.advanced_di.extra = true), /campo desconhecido/],
    ];
    for (const [change, message] of cases) {
      const payload = defaultBotConfig() as unknown as Loose;
      change(payload);
      const res = await save(u, payload);
      expect(res.statusCode, message.source).toBe(400);
      const body = res.json<{ success: boolean; error: string }>();
      expect(body.success).toBe(false);
      expect(body.error).toMatch(message);
    }
    for (const junk of [null, [], 'texto', { general: DEFAULT_BOT_CONFIG.general }]) {
      expect((await save(u, junk)).statusCode).toBe(400);
    }
    expect(await stored(u)).toEqual(before);
    expect(await audits(u)).toHaveLength(1);
  });

  it('keeps each user’s configuration their own', async () => {
    const a = await makeUser(db.pool, { role: 'trader' });
    const b = await makeUser(db.pool, { role: 'trader' });
    expect((await save(a, edited())).statusCode).toBe(200);
    expect((await read(b)).config).toEqual(DEFAULT_BOT_CONFIG);
    const theirs = defaultBotConfig();
    theirs.general.symbol = 'WDOF26';
    expect((await save(b, theirs)).statusCode).toBe(200);
    expect((await read(a)).config).toEqual(edited());
    expect((await read(b)).config.general.symbol).toBe('WDOF26');
  });

  it('lets a viewer read but not write', async () => {
    const viewer = await makeUser(db.pool, { role: 'viewer' });
    expect((await read(viewer)).config).toEqual(DEFAULT_BOT_CONFIG);
    const res = await save(viewer, edited());
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ success: false, error: 'Acesso negado.' });
    expect(await stored(viewer)).toBeUndefined();
  });

  it('removes the configuration with its user', async () => {
    const u = await makeUser(db.pool, { role: 'user' });
    expect((await save(u, edited())).statusCode).toBe(200);
    await db.pool.query('DELETE FROM users WHERE id = $1', [u.id]);
    expect(await stored(u)).toBeUndefined();
  });
});
