import type { RecentAlert } from '@vortex/core';
import pino from 'pino';
import { pairTestAgent, testDeal } from '../../../test/agent-client.js';
import { eventually } from '../../../test/bot-scenario.js';
import { describe, expect, it } from '../../../test/fixture.js';
import { MemoryEventBus } from '../live/event-bus.js';
import { PositionsCache } from '../trading/positions-cache.js';
import { AlertDispatcher } from './alert-dispatcher.js';
import { watchAlerts } from './alert-watch.js';
import { sendStatisticsDigests } from './statistics-digest.js';

let dispatcher: AlertDispatcher;
const log = pino({ level: 'silent' });

it.beforeAll(({ db, app }) => {
  dispatcher = new AlertDispatcher({ pool: db.pool, log, queue: () => app.messageQueue });
});

const typesOf = async (userId: number): Promise<RecentAlert['type'][]> =>
  (await dispatcher.recent(userId)).map((a) => a.type);

describe('connection lost', () => {
  it('alerts when the bridge stays away past the grace, not when it comes back in time', async ({
    t,
    newUser,
  }) => {
    const bus = new MemoryEventBus();
    const stop = watchAlerts({ bus, dispatcher, log, connectionGraceMs: 100 });
    try {
      const [gone, back] = [await newUser(), await newUser()];
      const status = (userId: number, connected: boolean) =>
        bus.publish({
          type: 'bridge_status',
          user_id: userId,
          connected,
          mt5_alive: connected,
          account_number: 123,
        });
      status(back.id, false);
      status(back.id, true);
      status(gone.id, false);
      await eventually(async () => (await typesOf(gone.id)).length > 0);
      expect(await typesOf(gone.id)).toEqual(['connection_error']);
      expect(await typesOf(back.id)).toEqual([]);
      await t.smtp.waitFor((m) => m.to.includes(gone.email) && m.subject.includes('Conexão'));
    } finally {
      stop();
    }
  });
});

describe('statistics digest', () => {
  it("sends each trader with trades today the day's statistics once, across runs", async ({
    db,
    t,
    base,
    newUser,
  }) => {
    const [active, idle] = [await newUser(), await newUser()];
    const agent = await pairTestAgent(t.app, base, active, 8_100_001);
    await pairTestAgent(t.app, base, idle, 8_100_002).then((a) => a.close());
    // A B3 session day's run (daily digests skip weekends and holidays); the deals a minute before.
    const now = Date.parse('2026-11-23T18:30:00-03:00');
    const time = Math.floor(now / 1000) - 60;
    agent.send({
      type: 'deals',
      batch_id: 'digest',
      deals: [
        testDeal(1, { time, time_msc: time * 1000 }),
        testDeal(2, { time, time_msc: time * 1000 + 1, profit: 30 }),
      ],
    });
    expect(await agent.next()).toMatchObject({ type: 'deals_ack' });
    agent.close();
    const deps = { pool: db.pool, positions: new PositionsCache(db.pool), dispatcher, log };
    expect(await sendStatisticsDigests(deps, now)).toBe(1);
    expect(await sendStatisticsDigests(deps, now)).toBe(0);
    const digest = (await dispatcher.recent(active.id)).find((a) => a.type === 'statistics');
    expect(digest?.message).toContain('1 trade,');
    expect(await typesOf(idle.id)).toEqual([]);
    const mail = await t.smtp.waitFor(
      (m) => m.to.includes(active.email) && m.subject.includes('Estatísticas do dia'),
    );
    expect(mail.text).toContain('taxa de acerto 100,00%');
  });
});
