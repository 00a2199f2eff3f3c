// The import stages each deal as it is read, with its position for both margin modes (the file
// proves which only at its end): the reading its mode picks must be what importedDeals and
// importedOrders give over the whole report, on every real fixture.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { fixture } from '../../../test/fixtures/mt5/fixtures.js';
import { parseMt5Report } from './import/detect.js';
import { importedDeals } from './imported-deals.js';
import { importedOrders, type OrderOwnPart } from './imported-orders.js';
import { StagingSink } from './import-sink.js';
import type { ImportStaging, StagedDeal } from './import-staging.js';

const FIXTURES = readdirSync(path.dirname(fixture('SOURCES.md'))).filter((f) =>
  /\.(html|xlsx)$/.test(f),
);

/** A staging that keeps what it is given. */
function keptStaging() {
  const deals: StagedDeal[] = [];
  const orders: OrderOwnPart[] = [];
  const staging = {
    deal: (d: StagedDeal) => deals.push(d),
    order: (o: OrderOwnPart) => orders.push(o),
    get deals() {
      return deals.length;
    },
    get orders() {
      return orders.length;
    },
  };
  return { staging: staging as unknown as ImportStaging, deals, orders };
}

describe('the streamed import stages what the whole-report path computes', () => {
  it.each(FIXTURES)('%s', async (name) => {
    const whole = await parseMt5Report(fixture(name));
    const kept = keptStaging();
    const sink = new StagingSink(kept.staging);
    const streamed = await parseMt5Report(fixture(name), { sink });
    expect(streamed.account).toEqual(whole.account);
    expect(streamed.deals).toEqual([]);

    const deals = importedDeals(whole);
    const mode = whole.account.margin_mode === 'hedging' ? 'hedging' : 'netting';
    expect(
      kept.deals.map((d) => ({
        ticket: d.ticket,
        order: d.order,
        position_id: d[mode].position,
        magic: d[mode].magic,
        reason: d[mode].reason,
        time_msc: d.time_msc,
        profit: d.profit,
      })),
    ).toEqual(
      deals.map((d) => ({
        ticket: d.ticket,
        order: d.order,
        position_id: d.position_id,
        magic: d.magic,
        reason: d.reason,
        time_msc: d.time_msc,
        profit: d.profit,
      })),
    );
    expect(kept.orders.map((o) => o.ticket)).toEqual(
      importedOrders(whole, deals).map((o) => o.ticket),
    );
    const times = deals.map((d) => d.time_msc);
    expect([sink.from, sink.to]).toEqual(
      times.length ? [Math.min(...times), Math.max(...times)] : [null, null],
    );
  });
});
