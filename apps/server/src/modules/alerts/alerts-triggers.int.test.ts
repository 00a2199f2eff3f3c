import type { AlertsConfig, BridgeEvent, RecentAlert } from '@vortex/core';
import { defaultAlertsConfig } from '@vortex/core';
import { pairTestAgent, testDeal, type TestAgent } from '../../../test/agent-client.js';
import { eventually } from '../../../test/bot-scenario.js';
import {
  describe,
  expect,
  it,
  type Requests,
  type TestApp,
  type TestUser,
} from '../../../test/fixture.js';
import { createTestApp } from '../../../test/test-app.js';
import type { ChannelMessage } from '../messaging/channel-sender.js';
import type { SmsProvider } from '../messaging/sms-provider.js';

// The file's fixtures, kept for the helpers below.
let t: TestApp;
let base: string;
let api: Requests;
let newUser: (opts: { role: 'trader' }) => Promise<TestUser>;
const agents: TestAgent[] = [];
let nextAccount = 7_600_001;
let nextTicket = 1;
// The SMS provider is the one seam we cannot reach: it keeps what it is given.
const texts: ChannelMessage[] = [];
const sms: SmsProvider = {
  kind: 'outbox',
  send: (m) => {
    texts.push(m);
    return Promise.resolve();
  },
};

it.override('appOptions', { scope: 'file' }, { sms });
it.beforeAll(({ t: app, base: url, api: requests, newUser: make }) => {
  [t, base, api, newUser] = [app, url, requests, make];
});
it.afterAll(() => {
  for (const a of agents) a.close();
});

const recent = async (user: TestUser) =>
  (await api.as(user).get('/api/alerts/recent')).json<{ alerts: RecentAlert[] }>().alerts;

async function configure(user: TestUser, edit: (c: AlertsConfig) => void) {
  const c = defaultAlertsConfig();
  edit(c);
  const res = await api.as(user).post('/api/alerts/config', c);
  expect(res.statusCode).toBe(200);
}

async function trader(
  currency = 'BRL',
): Promise<{ user: TestUser; agent: TestAgent; account: number }> {
  const user = await newUser({ role: 'trader' });
  const account = nextAccount++;
  const agent = await pairTestAgent(t.app, base, user, account, { currency });
  agents.push(agent);
  return { user, agent, account };
}

/** An opening and a closing deal of one position, `ageS` seconds ago. */
function roundTrip(ageS: number, profit = 42) {
  const time = Math.floor(Date.now() / 1000) - ageS;
  const open = nextTicket++;
  const close = nextTicket++;
  const position_id = 50_000 + open;
  return [
    testDeal(open, { position_id, type: 0, entry: 0, profit: 0, time, time_msc: time * 1000 }),
    testDeal(close, { position_id, type: 1, entry: 1, profit, time, time_msc: time * 1000 + 1 }),
  ];
}

async function sendDeals(agent: TestAgent, deals: ReturnType<typeof testDeal>[]) {
  agent.send({ type: 'deals', batch_id: `b${nextTicket}`, deals });
  expect(await agent.next()).toMatchObject({ type: 'deals_ack' });
}

async function alertsOf(user: TestUser, count: number): Promise<RecentAlert[]> {
  await eventually(async () => (await recent(user)).length >= count);
  return recent(user);
}

describe('trade alerts', () => {
  it('a closed trade alerts once by email, with its result, and lists the delivery', async ({
    db,
  }) => {
    const { user, agent } = await trader();
    const deals = roundTrip(5, 42);
    await sendDeals(agent, deals);
    const mail = await t.smtp.waitFor(
      (m) => m.to.includes(user.email) && m.subject.includes('Trade fechado'),
    );
    expect(mail.subject).toContain('R$');
    expect(mail.text).toContain('lucro de R$');
    // The same deals again (an agent resending its batch) raise nothing new.
    await sendDeals(agent, deals);
    const alerts = await alertsOf(user, 2);
    expect(alerts.map((a) => a.type).sort()).toEqual(['trade_close', 'trade_open']);
    await eventually(async () =>
      (await recent(user)).every(
        (a) => a.channels.find((c) => c.channel === 'email')?.status === 'sent',
      ),
    );
    const close = (await recent(user)).find((a) => a.type === 'trade_close');
    expect(close?.channels).toEqual(
      expect.arrayContaining([
        { channel: 'email', to: user.email, status: 'sent', error: null },
        // No phone in the account: SMS and WhatsApp have nowhere to go.
        expect.objectContaining({ channel: 'sms', status: 'skipped', to: null }),
      ]),
    );
    const { rows } = await db.pool.query('SELECT 1 FROM alert_log WHERE user_id = $1', [user.id]);
    expect(rows).toHaveLength(2);
  });

  it('a dollar account is alerted in dollars, its fee counted (issue 26)', async () => {
    const { user, agent } = await trader('USD');
    const deals = roundTrip(5, 42).map((d) => (d.entry === 1 ? { ...d, fee: -0.5 } : d));
    await sendDeals(agent, deals);
    const mail = await t.smtp.waitFor(
      (m) => m.to.includes(user.email) && m.subject.includes('Trade fechado'),
    );
    // 42 of profit, 0,25 of commission and 0,50 of fee.
    expect(mail.subject).toMatch(/US\$\s41,25/);
    expect(mail.text).toMatch(/lucro de US\$\s41,25/);
    expect(mail.subject).not.toContain('R$');
  });

  it("history an agent syncs raises no alert; a type or channel turned off isn't used", async () => {
    const { user, agent } = await trader();
    await configure(user, (c) => {
      c.alertTypes.trade_open.enabled = false;
      c.channels.email = false;
      c.phone = '(21) 99876-5432';
    });
    await sendDeals(agent, [...roundTrip(90 * 24 * 3600), ...roundTrip(3, -15)]);
    const alerts = await alertsOf(user, 1);
    expect(alerts.map((a) => a.type)).toEqual(['trade_close']);
    expect(alerts[0]?.message).toContain('prejuízo de');
    await eventually(() => texts.some((m) => m.to === '5521998765432'));
    const text = texts.find((m) => m.to === '5521998765432');
    expect(text?.body.length).toBeLessThanOrEqual(160);
    expect(text?.body).toContain('Trade fechado');
    const [listed] = await recent(user);
    expect(listed?.channels.map((c) => c.channel).sort()).toEqual(['sms', 'whatsapp']);
  });
});

describe('bridge and bot alerts', () => {
  it('MT5 going down while connected raises mt5_error once', async () => {
    const { user, agent } = await trader();
    agent.send({ type: 'heartbeat', seq: 1, mt5_alive: true, ts: Date.now() });
    await eventually(() => Boolean(t.app.bridgeRuntime.agents.of(user.id)?.mt5Alive));
    agent.send({ type: 'heartbeat', seq: 2, mt5_alive: false, ts: Date.now() });
    const alerts = await alertsOf(user, 1);
    expect(alerts.map((a) => a.type)).toEqual(['mt5_error']);
    expect(alerts[0]?.title).toBe('Erro no MT5');
    await t.smtp.waitFor((m) => m.to.includes(user.email) && m.subject.includes('Erro no MT5'));
  });

  it("a risk limit stopping the bot alerts with the bot's own sentence", async () => {
    const user = await newUser({ role: 'trader' });
    const message = 'Limite de perda diária de R$ 500,00 atingido: bot parado.';
    t.app.bridgeRuntime.bus.publish({
      type: 'bot_risk_stop',
      user_id: user.id,
      reason: 'daily_loss',
      message,
      closed: 1,
    });
    const alerts = await alertsOf(user, 1);
    expect(alerts[0]).toMatchObject({ type: 'bot_risk_stop', message });
  });
});

describe('across instances', () => {
  it('an event heard by two instances alerts once', async ({ db }) => {
    const other = await createTestApp(db, { sms });
    try {
      const user = await newUser({ role: 'trader' });
      const roundTripDeals = roundTrip(1, 10);
      // One stamped event, as a shared transport hands it to every instance.
      const event: BridgeEvent = {
        id: 77,
        at: new Date().toISOString(),
        type: 'deals_added',
        user_id: user.id,
        account_number: 999,
        deals: roundTripDeals.map((d) => ({ ...d, comment: '' })),
        count: 2,
      };
      for (const app of [t.app, other.app]) {
        (app.bridgeRuntime.bus as unknown as { deliver: (e: BridgeEvent) => void }).deliver(event);
      }
      const alerts = await alertsOf(user, 2);
      await eventually(async () =>
        (await recent(user)).every((a) => a.channels.some((c) => c.status === 'sent')),
      );
      expect(alerts).toHaveLength(2);
      const mails = [...t.smtp.mails, ...other.smtp.mails].filter((m) => m.to.includes(user.email));
      expect(mails).toHaveLength(2);
    } finally {
      await other.close();
    }
  });
});
