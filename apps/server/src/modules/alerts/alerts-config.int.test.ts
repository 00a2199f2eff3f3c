import { alertsMessages as m, defaultAlertsConfig, type AlertsConfig } from '@vortex/core';
import { describe, expect, it, type Requests, type TestUser } from '../../../test/fixture.js';

const getConfig = async (api: Requests, user: TestUser) =>
  (await api.as(user).read<{ success: true; config: AlertsConfig }>('/api/alerts/config')).config;
const save = (api: Requests, user: TestUser, payload: unknown) =>
  api.as(user).post('/api/alerts/config', payload);

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
  it("starts at the spec's defaults: every channel and type on, sound on, daily, weekly", async ({
    api,
    newUser,
  }) => {
    const user = await newUser();
    const config = await getConfig(api, user);
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

  it('keeps what a user saves, for that user only, with the canonical type names', async ({
    api,
    newUser,
  }) => {
    const [a, b] = [await newUser(), await newUser()];
    const sent = changed();
    sent.alertTypes.statistics.name = 'Outro nome';
    const res = await save(api, a, sent);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true });
    expect(await getConfig(api, a)).toEqual({
      ...changed(),
      alertTypes: { ...changed().alertTypes },
    });
    expect(await getConfig(api, b)).toEqual(defaultAlertsConfig());
  });

  it('refuses bad input with a pt-BR message and keeps the stored config', async ({
    api,
    newUser,
  }) => {
    const user = await newUser();
    expect((await save(api, user, changed())).statusCode).toBe(200);
    const cases: [unknown, string][] = [
      [{ ...changed(), email: 'sem-arroba' }, m.emailInvalid],
      [{ ...changed(), phone: '12' }, m.phoneInvalid],
      [{ ...changed(), statisticsFrequency: 'hourly' }, m.frequencyInvalid],
    ];
    for (const [payload, error] of cases) {
      const res = await save(api, user, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json<{ error: string }>().error).toContain(error);
    }
    const { channels, ...rest } = changed();
    expect((await save(api, user, rest)).statusCode).toBe(400);
    expect(
      (await save(api, user, { ...changed(), channels: { ...channels, fax: true } })).statusCode,
    ).toBe(400);
    expect(await getConfig(api, user)).toEqual(changed());
  });

  it('lets a viewer read the config and the recent alerts but not change them', async ({
    api,
    newUser,
  }) => {
    const viewer = await newUser({ role: 'viewer' });
    expect((await getConfig(api, viewer)).soundEnabled).toBe(true);
    expect((await save(api, viewer, changed())).statusCode).toBe(403);
    const recent = await api.as(viewer).get('/api/alerts/recent');
    expect(recent.json()).toEqual({ success: true, alerts: [] });
  });

  it('answers 401 without a session', async ({ api }) => {
    expect((await api.get('/api/alerts/config')).statusCode).toBe(401);
    expect((await api.get('/api/alerts/recent')).statusCode).toBe(401);
  });
});
