import {
  addBusinessDays,
  darfReminderText,
  formatBRL,
  taxMessages,
  type TaxYearResponse,
} from '@vortex/core';
import pino from 'pino';
import { describe, expect, it, type TestDatabase, type TestUser } from '../../../test/fixture.js';
import { z } from 'zod';
import { bearer, makeUser } from '../../../test/identities.js';
import { rowsOf } from '../../db/rows.js';
import { AlertDispatcher } from '../alerts/alert-dispatcher.js';
import { sendDarfReminders, type DarfReminderDeps } from './darf-reminder.js';
import { TaxesService } from './taxes.service.js';
import { liveAccount, roundTrip, spTime, storeDeals } from './taxes.fixture.js';

let deps: DarfReminderDeps;
let nextNumber = 8_200_001;

// September 2026's DARF falls due on October's last business day, Friday the 30th.
const DUE = '2026-10-30';
const at9 = (day: string) => spTime(`${day} 09:00`);

it.beforeAll(({ db, app }) => {
  const log = pino({ level: 'silent' });
  deps = {
    pool: db.pool,
    taxes: new TaxesService({ pool: db.pool }),
    dispatcher: new AlertDispatcher({ pool: db.pool, log, queue: () => app.messageQueue }),
    log,
  };
});

/** A trader whose September 2026 day trades leave a DARF due (on a demo account: simulated). */
async function traderWithDarf(
  db: TestDatabase,
  tradeMode: 'real' | 'demo' = 'real',
): Promise<TestUser> {
  const user = await makeUser(db.pool, { role: 'trader' });
  const account = await liveAccount(db.pool, user.id, nextNumber++, 'BRL', tradeMode);
  await storeDeals(db.pool, account, roundTrip('2026-09-10 10:00', '2026-09-10 11:00', 1000));
  return user;
}

async function alertsOf(db: TestDatabase, userId: number) {
  return rowsOf(
    db.pool,
    z.object({ type: z.string(), title: z.string(), message: z.string() }),
    'SELECT type, title, message FROM alert_log WHERE user_id = $1 ORDER BY id',
    [userId],
  );
}

async function queuedOf(db: TestDatabase, userId: number) {
  return rowsOf(
    db.pool,
    z.object({ channel: z.string(), recipient: z.string(), body: z.string() }),
    `SELECT channel, recipient, body FROM messages WHERE user_id = $1 AND origin = 'alert:darf_reminder'`,
    [userId],
  );
}

describe('the DARF reminder', () => {
  it('goes once, five business days before the due date, and not for a DARF marked paid', async ({
    app,
    db,
  }) => {
    const ana = await traderWithDarf(db);
    const paidUp = await traderWithDarf(db);
    const onDemo = await traderWithDarf(db, 'demo');
    const mark = await app.inject({
      method: 'PUT',
      url: '/api/taxes/darf/2026-09',
      headers: bearer(paidUp.token),
      payload: { paid: true },
    });
    expect(mark.statusCode).toBe(200);
    const september = (
      await app.inject({ url: '/api/taxes?year=2026', headers: bearer(ana.token) })
    )
      .json<TaxYearResponse>()
      .months.find((m) => m.month === '2026-09');
    expect(september).toMatchObject({ darf_status: 'due', due_date: DUE });
    const amount = september?.darf_cents ?? 0;
    expect(amount).toBeGreaterThan(1000);

    const sixBefore = addBusinessDays(DUE, -6);
    const fiveBefore = addBusinessDays(DUE, -5);
    expect([sixBefore, fiveBefore]).toEqual(['2026-10-22', '2026-10-23']);
    expect(await sendDarfReminders(deps, at9(sixBefore))).toBe(0);
    expect(await alertsOf(db, ana.id)).toEqual([]);

    expect(await sendDarfReminders(deps, at9(fiveBefore))).toBe(1);
    const message = darfReminderText('setembro de 2026', formatBRL(amount / 100), '30/10/2026');
    expect(await alertsOf(db, ana.id)).toEqual([
      { type: 'darf_reminder', title: taxMessages.reminderTitle, message },
    ]);
    // The user has an email and no phone: the email channel is queued, with the text.
    const queued = await queuedOf(db, ana.id);
    expect(queued).toHaveLength(1);
    expect(queued[0]).toMatchObject({ channel: 'email', recipient: ana.email });
    expect(queued[0]?.body).toContain(message);
    // The pass that told Ana passed them too: a paid DARF, and a demo account's, owe nothing.
    expect(await alertsOf(db, paidUp.id)).toEqual([]);
    expect(await alertsOf(db, onDemo.id)).toEqual([]);

    // The same day again, and the next days of the window: already told.
    expect(await sendDarfReminders(deps, at9(fiveBefore))).toBe(0);
    expect(await sendDarfReminders(deps, at9(DUE))).toBe(0);
    expect(await alertsOf(db, ana.id)).toHaveLength(1);
  });

  it('starts the window on the due date’s fifth business day before, through the due date only', async ({
    db,
  }) => {
    const bia = await traderWithDarf(db);
    // Past the due date: overdue, no longer a reminder.
    expect(await sendDarfReminders(deps, at9('2026-11-03'))).toBe(0);
    // A weekend day inside the window sends nothing either; the Monday after does.
    expect(await sendDarfReminders(deps, at9('2026-10-24'))).toBe(0);
    expect(await sendDarfReminders(deps, at9('2026-10-26'))).toBe(1);
    expect(await alertsOf(db, bia.id)).toHaveLength(1);
  });

  it('stays quiet for a trader who turned it off', async ({ app, db }) => {
    const caio = await traderWithDarf(db);
    const off = await app.inject({
      method: 'PUT',
      url: '/api/taxes/settings',
      headers: bearer(caio.token),
      payload: { cost_per_contract_side: 0, darf_reminder: false },
    });
    expect(off.statusCode).toBe(200);
    const duda = await traderWithDarf(db);
    expect(await sendDarfReminders(deps, at9('2026-10-27'))).toBe(1);
    expect(await alertsOf(db, caio.id)).toEqual([]);
    expect(await alertsOf(db, duda.id)).toHaveLength(1);
  });
});
