import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import type { AlertDispatcher } from '../alerts/alert-dispatcher.js';
import { scheduleDarfReminders } from './darf-reminder.js';
import { taxesRoutes } from './taxes.routes.js';
import { TaxesService } from './taxes.service.js';

/** Income tax (issue 17): its endpoints and the daily DARF reminder. */
export async function installTaxes(
  app: FastifyInstance,
  deps: { pool: pg.Pool; dispatcher: AlertDispatcher },
): Promise<TaxesService> {
  const taxes = new TaxesService({ pool: deps.pool });
  await app.register(taxesRoutes(taxes));
  let stop: (() => void) | undefined;
  app.addHook('onReady', async () => {
    stop = scheduleDarfReminders({ ...deps, taxes, log: app.log });
  });
  app.addHook('preClose', async () => stop?.());
  return taxes;
}
