import { Cron } from 'croner';
import {
  addBusinessDays,
  DARF_REMINDER_BUSINESS_DAYS,
  darfReminderText,
  DEFAULT_TIME_ZONE,
  formatBRL,
  isBusinessDay,
  taxDayLabel,
  taxMessages,
  taxMonthLabel,
  type AlertText,
  type TaxMonthRow,
} from '@vortex/core';
import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';
import { OutageLog } from '../../lib/outage-log.js';
import type { AlertDispatcher } from '../alerts/alert-dispatcher.js';
import { reminderUsers } from './tax-accounts.repo.js';
import type { TaxesService } from './taxes.service.js';

/** 09:00 in São Paulo, every day; only business days send. */
export const DARF_REMINDER_CRON = '0 9 * * *';

export interface DarfReminderDeps {
  pool: pg.Pool;
  taxes: TaxesService;
  dispatcher: Pick<AlertDispatcher, 'raise'>;
  log: FastifyBaseLogger;
}

/** A DARF due, not marked paid, from five business days before its due date to the date itself. */
export function remindable(row: TaxMonthRow, today: string): boolean {
  if (row.darf_status !== 'due' || row.paid) return false;
  return (
    today >= addBusinessDays(row.due_date, -DARF_REMINDER_BUSINESS_DAYS) && today <= row.due_date
  );
}

export function darfReminderAlert(row: TaxMonthRow): AlertText {
  return {
    type: 'darf_reminder',
    title: taxMessages.reminderTitle,
    message: darfReminderText(
      taxMonthLabel(row.month),
      formatBRL(row.darf_cents / 100),
      taxDayLabel(row.due_date),
    ),
  };
}

/**
 * One pass at `now`: for every trader who wants the reminder, each DARF in its window is raised
 * once (the key names the user and the month, so the later days of the window and the other
 * instances send nothing). Returns how many alerts it raised.
 */
export async function sendDarfReminders(deps: DarfReminderDeps, now: number): Promise<number> {
  const today = deps.taxes.today(now);
  if (!isBusinessDay(today)) return 0;
  let raised = 0;
  for (const userId of await reminderUsers(deps.pool)) {
    try {
      for (const row of await deps.taxes.allMonths(userId, now)) {
        if (!remindable(row, today)) continue;
        const key = `darf:${userId}:${row.month}`;
        if ((await deps.dispatcher.raise(userId, darfReminderAlert(row), key)) !== undefined)
          raised++;
      }
    } catch (err) {
      deps.log.warn({ err, userId }, 'DARF reminder not sent');
    }
  }
  return raised;
}

/** Every instance schedules it; the dedupe key lets one send each reminder. */
export function scheduleDarfReminders(deps: DarfReminderDeps): () => void {
  const outage = new OutageLog(deps.log, 'DARF reminders not sent');
  // croner does not catch what its job rejects: a database away would end the process.
  const job = new Cron(
    DARF_REMINDER_CRON,
    { timezone: DEFAULT_TIME_ZONE, protect: true },
    async () => {
      await sendDarfReminders(deps, Date.now()).then(
        () => outage.succeeded(),
        (err: unknown) => outage.failed(err),
      );
    },
  );
  return () => job.stop();
}
