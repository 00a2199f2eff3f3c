import { DEFAULT_BOT_CONFIG, defaultBotConfig, type BotConfig } from '@vortex/core';
import { z } from 'zod';
import { maybeRow, rowsOf } from '../../db/rows.js';
import {
  describe,
  expect,
  it,
  type Requests,
  type TestDatabase,
  type TestUser,
} from '../../../test/fixture.js';

const read = async (api: Requests, u: TestUser) =>
  api.as(u).read<{ success: boolean; config: BotConfig }>('/bot/config');
const save = (api: Requests, u: TestUser, payload: unknown) =>
  api.as(u).post('/bot/config', JSON.stringify(payload), {
    headers: { 'content-type': 'application/json' },
  });
const StoredSchema = z.object({ config: z.unknown(), updated_by: z.number().nullable() });
const stored = (db: TestDatabase, u: TestUser) =>
  maybeRow(db.pool, StoredSchema, 'SELECT config, updated_by FROM bot_configs WHERE user_id = $1', [
    u.id,
  ]);
const AuditSchema = z.object({
  actor_user_id: z.number(),
  meta: z.object({ changed: z.array(z.string()) }),
});
const audits = (db: TestDatabase, u: TestUser) =>
  rowsOf(
    db.pool,
    AuditSchema,
    `SELECT actor_user_id, meta FROM audit_log
     WHERE action = 'bot_config.update' AND target_user_id = $1 ORDER BY id`,
    [u.id],
  );

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
  it('answers the defaults to a user who never saved one, writing nothing', async ({
    db,
    api,
    newUser,
  }) => {
    const u = await newUser({ role: 'trader' });
    expect(await read(api, u)).toEqual({ success: true, config: DEFAULT_BOT_CONFIG });
    expect(await stored(db, u)).toBeUndefined();
  });

  it('brings a stored older shape up to date with the defaults of the new fields', async ({
    db,
    api,
    newUser,
  }) => {
    const u = await newUser({ role: 'user' });
    await db.pool.query('INSERT INTO bot_configs (user_id, config) VALUES ($1, $2)', [
      u.id,
      JSON.stringify({ general: { symbol: 'WINF26' }, atr_channel: { atr_multiplier: 3 } }),
    ]);
    const { config } = await read(api, u);
    expect(config.general).toEqual({ ...DEFAULT_BOT_CONFIG.general, symbol: 'WINF26' });
    expect(config.atr_channel).toEqual({ ...DEFAULT_BOT_CONFIG.atr_channel, atr_multiplier: 3 });
    expect(config.bollinger_bands).toEqual(DEFAULT_BOT_CONFIG.bollinger_bands);
  });

  it('is refused without a session', async ({ api }) => {
    expect((await api.get('/bot/config')).statusCode).toBe(401);
  });
});

describe('POST /bot/config', () => {
  it('stores the full configuration, reads it back and audits what changed', async ({
    db,
    api,
    newUser,
  }) => {
    const u = await newUser({ role: 'trader' });
    const res = await save(api, u, {
      ...edited(),
      general: { ...edited().general, symbol: ' winf26 ' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true });
    expect((await read(api, u)).config).toEqual(edited());
    expect((await stored(db, u))?.updated_by).toBe(u.id);
    const [entry] = await audits(db, u);
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
    expect((await save(api, u, again)).statusCode).toBe(200);
    expect((await read(api, u)).config.advanced_di.enable_trailing).toBe(false);
    expect((await audits(db, u)).at(-1)?.meta.changed).toEqual(['advanced_di.enable_trailing']);
  });

  it('keeps the stored risk limits when a save (the spec’s payload) has none', async ({
    db,
    api,
    newUser,
  }) => {
    const u = await newUser({ role: 'trader' });
    const limited = { ...edited(), risk: { daily_loss_limit: 750.5, max_drawdown: 2_000 } };
    expect((await save(api, u, limited)).statusCode).toBe(200);
    const { risk: _none, ...specPayload } = edited();
    specPayload.general.max_daily_trades = 40;
    expect((await save(api, u, specPayload)).statusCode).toBe(200);
    const { config } = await read(api, u);
    expect(config.general.max_daily_trades).toBe(40);
    expect(config.risk).toEqual({ daily_loss_limit: 750.5, max_drawdown: 2_000 });
    expect((await audits(db, u)).at(-1)?.meta.changed).toEqual(['general.max_daily_trades']);
    // Sent explicitly, the limits change (0 turns them off).
    expect(
      (await save(api, u, { ...specPayload, risk: { daily_loss_limit: 0, max_drawdown: 0 } }))
        .statusCode,
    ).toBe(200);
    expect((await read(api, u)).config.risk).toEqual({ daily_loss_limit: 0, max_drawdown: 0 });
  });

  it('refuses bad input with a pt-BR message and changes nothing', async ({ db, api, newUser }) => {
    const u = await newUser({ role: 'user' });
    expect((await save(api, u, edited())).statusCode).toBe(200);
    const before = await stored(db, u);
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
      const res = await save(api, u, payload);
      expect(res.statusCode, message.source).toBe(400);
      const body = res.json<{ success: boolean; error: string }>();
      expect(body.success).toBe(false);
      expect(body.error).toMatch(message);
    }
    for (const junk of [null, [], 'texto', { general: DEFAULT_BOT_CONFIG.general }]) {
      expect((await save(api, u, junk)).statusCode).toBe(400);
    }
    expect(await stored(db, u)).toEqual(before);
    expect(await audits(db, u)).toHaveLength(1);
  });

  it('keeps each user’s configuration their own', async ({ api, newUser }) => {
    const a = await newUser({ role: 'trader' });
    const b = await newUser({ role: 'trader' });
    expect((await save(api, a, edited())).statusCode).toBe(200);
    expect((await read(api, b)).config).toEqual(DEFAULT_BOT_CONFIG);
    const theirs = defaultBotConfig();
    theirs.general.symbol = 'WDOF26';
    expect((await save(api, b, theirs)).statusCode).toBe(200);
    expect((await read(api, a)).config).toEqual(edited());
    expect((await read(api, b)).config.general.symbol).toBe('WDOF26');
  });

  it('lets a viewer read but not write', async ({ db, api, newUser }) => {
    const viewer = await newUser({ role: 'viewer' });
    expect((await read(api, viewer)).config).toEqual(DEFAULT_BOT_CONFIG);
    const res = await save(api, viewer, edited());
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ success: false, error: 'Acesso negado.' });
    expect(await stored(db, viewer)).toBeUndefined();
  });

  it('removes the configuration with its user', async ({ db, api, newUser }) => {
    const u = await newUser({ role: 'user' });
    expect((await save(api, u, edited())).statusCode).toBe(200);
    await db.pool.query('DELETE FROM users WHERE id = $1', [u.id]);
    expect(await stored(db, u)).toBeUndefined();
  });
});
