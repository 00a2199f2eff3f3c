import { fileURLToPath } from 'node:url';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { z } from 'zod';
import { describe, expect, it } from '../../../test/fixture.js';
import { rowsOf } from '../../db/rows.js';
import { startDemoBridge } from '../demo/demo-bridge.js';

/**
 * Issue 7's "done when": the real agent on its simulator, started as demo mode starts it, closes
 * a trade, and the trader gets the trade_close alert by email on a real SMTP server.
 */
const BRIDGE_MAIN = fileURLToPath(
  new URL('../../../../bridge/dist/vortex-bridge.mjs', import.meta.url),
);
// Fast enough to reach the next session even across a weekend within the wait below.
const SIM_SPEED = '3000';

let stateDir: string;
let stopBridge: (() => Promise<void>) | undefined;

it.beforeAll(async () => {
  stateDir = await mkdtemp(path.join(tmpdir(), 'vortex-alerts-sim-'));
});
// Registered after the fixture's set-up, so it runs before the app closes: the bridge goes first.
it.afterAll(async () => {
  await stopBridge?.();
  await rm(stateDir, { recursive: true, force: true });
});

describe('a trade closed by the simulator', () => {
  it(
    'reaches the trader as a trade_close alert by email',
    { timeout: 240_000 },
    async ({ db, t, base, newUser }) => {
      const trader = await newUser({ role: 'trader' });
      // When each closing deal reached the server, to measure (not assert) the delivery delay.
      const heard = new Map<number, number>();
      t.app.bridgeRuntime.bus.subscribe((e) => {
        if (e.type !== 'deals_added') return;
        for (const d of e.deals)
          if (d.entry === 1 && !heard.has(d.position_id)) heard.set(d.position_id, Date.now());
      });
      stopBridge = await startDemoBridge({
        pool: db.pool,
        userId: trader.id,
        bridgeMain: BRIDGE_MAIN,
        apiUrl: base,
        stateDir,
        env: { SIM_SPEED, SIM_HISTORY_DAYS: '1' },
        log: pino({ level: 'silent' }),
      });
      const mail = await t.smtp.waitFor(
        (m) => m.to.includes(trader.email) && m.subject.includes('Trade fechado'),
        200_000,
      );
      const arrived = Date.now();
      expect(mail.subject).toMatch(/^\[Vórtex\] Trade fechado: WIN/);
      const position = Number(/Posição #(\d+)/.exec(mail.text)?.[1]);
      expect(heard.has(position)).toBe(true);
      const rows = await rowsOf(
        db.pool,
        z.object({ type: z.string() }),
        "SELECT type FROM alert_log WHERE user_id = $1 AND type = 'trade_close'",
        [trader.id],
      );
      expect(rows.length).toBeGreaterThan(0);
      // Printed for the record; the test never asserts a duration.
      console.info(
        `trade_close: deal heard -> email received in ${arrived - (heard.get(position) ?? arrived)} ms`,
      );
    },
  );
});
