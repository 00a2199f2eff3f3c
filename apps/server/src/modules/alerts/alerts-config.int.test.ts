import { alertsMessages as m, defaultAlertsConfig, type AlertsConfig } from '@vortex/core';
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

const getConfig = async (user: TestUser) => {
  const res = await t.app.inject({ url: '/api/alerts/config', headers: bearer(user.token) });
  expect(res.statusCode).toBe(200);
  return res.json<{ success: true; config: AlertsConfig }>().config;
};
const save = (user: TestUser, payload: unknown) =>
  t.app.inject({
    method: 'POST',
    url: '/api/alerts/config',
    headers: bearer(user.token),
    payload: payload as object,
  });

function changed(): AlertsConfig {
  const c = defaultAlertsConfig();
  c.email = 'alertas@exemplo.com.br';
  c.phone = '(11) 98765-4321';
  c.channels.sms = false;
  c.alertTypes.trade_open.enabled = false;
  c.soundEnabled = false;
  c.statisticsFrequency = 'weekly';
  c.promotionsFrequency = 'monthly';
  return c;
}

describe('alerts config', () => {
  it("starts at the spec's defaults: every channel and type on, sound on, daily, weekly", async () => {
    const user = await makeUser(db.pool);
    const config = await getConfig(user);
    expect(config.channels).toEqual({ sms: true, whatsapp: true, email: true });
    expect(Object.values(config.alertTypes).every((t) => t.enabled)).toBe(true);
    expect(Object.keys(config.alertTypes)).toEqual([
      'trade_open',
      'trade_close',
      'mt5_error',
      'connection_error',
      'statistics',
      'promotions',
    ]);
    expect(config.alertTypes.trade_close.name).toBe('Fechamento de Trade');
    expect(config).toMatchObject({
      soundEnabled: true,
      statisticsFrequency: 'daily',
      promotionsFrequency: 'weekly',
    });
  });

  it('keeps what a user saves, for that user only, with the canonical type names', async () => {
    const [a, b] = [await makeUser(db.pool), await makeUser(db.pool)];
    const sent = changed();
    sent.alertTypes.statistics.name = 'Outro nome';
    const res = await save(a, sent);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true });
    expect(await getConfig(a)).toEqual({
      ...changed(),
      alertTypes: { ...changed().alertTypes },
    });
    expect(await getConfig(b)).toEqual(defaultAlertsConfig());
  });

  it('refuses bad input with a pt-BR message and keeps the stored config', async () => {
    const user = await makeUser(db.pool);
    expect((await save(user, changed())).statusCode).toBe(200);
    const cases: [unknown, string][] = [
      [{ ...changed(), email: 'sem-arroba' }, m.emailInvalid],
      [{ ...changed(), phone: '12' }, m.phoneInvalid],
      [{ ...changed(), statisticsFrequency: 'hourly' }, m.frequencyInvalid],
    ];
    for (const [payload, error] of cases) {
      const res = await save(user, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json<{ error: string }>().error).toContain(error);
    }
    const { channels, ...rest } = changed();
    expect((await save(user, rest)).statusCode).toBe(400);
    expect(
      (await save(user, { ...changed(), channels: { ...channels, fax: true } })).statusCode,
    ).toBe(400);
    expect(await getConfig(user)).toEqual(changed());
  });

  it('lets a viewer read the config and the recent alerts but not change them', async () => {
    const viewer = await makeUser(db.pool, { role: 'viewer' });
    expect((await getConfig(viewer)).soundEnabled).toBe(true);
    expect((await save(viewer, changed())).statusCode).toBe(403);
    const recent = await t.app.inject({ url: '/api/alerts/recent', headers: bearer(viewer.token) });
    expect(recent.json()).toEqual({ success: true, alerts: [] });
  });

  it('answers 401 without a session', async () => {
    expect((await t.app.inject({ url: '/api/alerts/config' })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/alerts/recent' })).statusCode).toBe(401);
  });
});
