// Issue 25: random reports the terminal could have written, each with one stored cell pushed past
// the agent's bounds (money, price, volume, dates, control characters, lengths), are refused with
// a 400 that names the cell's row, never a 5xx, and nothing of the file is stored. 60 poisoned
// runs and 10 clean ones, some 6 s on 2 cores; raise numRuns locally to search harder.
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it, type TestDatabase } from '../../../test/fixture.js';
import { changedTables, dbFingerprint } from '../../../test/db-fingerprint.js';
import {
  asFile,
  statementHtml,
  tripDeals,
  withCell,
  type CraftedSection,
  type Trip,
} from '../../../test/crafted-report.js';
import { controlChar } from '../../../test/fuzz-values.js';
import { bearer, makeUser } from '../../../test/identities.js';

let db: TestDatabase;
let app: FastifyInstance;

it.beforeAll(({ db: givenDb, app: givenApp }) => {
  [db, app] = [givenDb, givenApp];
});

// The route's hourly quota counts attempts, refused ones too: by design it moves on a refusal.
const COUNTERS = ['rate_events'];

const cents = (min: number, max: number) =>
  fc.integer({ min: min * 100, max: max * 100 }).map((c) => c / 100);

const trip: fc.Arbitrary<Trip> = fc.record({
  price: cents(1, 1_000_000),
  volume: fc.integer({ min: 1, max: 500 }),
  profit: cents(-1_000_000, 1_000_000),
  commission: cents(-100, 0),
});

/** A number past `exponent` digits as the terminal writes numbers, or in exponent form. */
const beyond = (minExponent: number, negative: fc.Arbitrary<boolean>) =>
  fc
    .tuple(fc.integer({ min: minExponent, max: 300 }), negative, fc.boolean())
    .map(([e, neg, exp]) => {
      const sign = neg ? '-' : '';
      if (exp || e > 20) return `${sign}1.5e${e}`;
      const digits = `1${'0'.repeat(e)}`.replace(/\B(?=(\d{3})+$)/g, ' ');
      return `${sign}${digits}.00`;
    });

const pad = (n: number) => String(n).padStart(2, '0');
const badTime = fc.oneof(
  fc
    .tuple(fc.integer({ min: 0, max: 1969 }), fc.integer({ min: 2100, max: 9999 }), fc.boolean())
    .map(
      ([early, late, pickEarly]) =>
        `${String(pickEarly ? early : late).padStart(4, '0')}.01.05 10:00:00`,
    ),
  fc.integer({ min: 13, max: 99 }).map((m) => `2026.${pad(m)}.01 10:00:00`),
  fc
    .constantFrom(
      '2026.02.29',
      '2026.02.30',
      '2026.04.31',
      '2026.06.31',
      '2026.00.10',
      '2026.01.00',
    )
    .map((d) => `${d} 10:00:00`),
  fc
    .tuple(fc.integer({ min: 24, max: 99 }), fc.integer({ min: 0, max: 99 }))
    .map(([h, m]) => `2026.11.16 ${pad(h)}:${pad(m)}:00`),
  fc.integer({ min: 60, max: 99 }).map((m) => `2026.11.16 10:${pad(m)}:00`),
);
// \f and \v are whitespace to the readers, collapsed into a space before anything is stored
const storedControl = controlChar.filter((c) => !/\s/.test(c));
const poisoned = fc
  .tuple(fc.string({ maxLength: 8 }), storedControl, fc.string({ maxLength: 8 }))
  .map(([a, c, b]) => `${a}${c}${b}`.replace(/[<&]/g, ''));
const tooLong = (max: number) => fc.integer({ min: max + 1, max: 400 }).map((n) => 'x'.repeat(n));

type Kind = 'money' | 'price' | 'volume' | 'time' | 'symbol' | 'comment';
const POISON: Record<Kind, fc.Arbitrary<string>> = {
  money: beyond(13, fc.boolean()),
  price: fc.oneof(beyond(10, fc.constant(false)), fc.constant('-1.00')),
  volume: fc.oneof(beyond(7, fc.constant(false)), fc.constant('-1')),
  time: badTime,
  symbol: fc.oneof(poisoned, tooLong(32)),
  comment: fc.oneof(poisoned, tooLong(64)),
};

// Visible columns of the pt-BR statement that are stored, by what they hold.
const COLUMNS: Record<CraftedSection, [number, Kind][]> = {
  Transações: [
    [0, 'time'],
    [2, 'symbol'],
    [5, 'volume'],
    [6, 'price'],
    [8, 'money'],
    [9, 'money'],
    [10, 'money'],
    [11, 'money'],
    [13, 'comment'],
  ],
  Ordens: [
    [0, 'time'],
    [2, 'symbol'],
    [5, 'price'],
    [6, 'price'],
    [7, 'price'],
    [8, 'time'],
    [10, 'comment'],
  ],
};

const poisonedReport = fc
  .tuple(
    fc.array(trip, { minLength: 1, maxLength: 6 }),
    fc.constantFrom(...(['Transações', 'Ordens'] as const)),
  )
  .chain(([trips, section]) =>
    fc.record({
      trips: fc.constant(trips),
      section: fc.constant(section),
      // deals 1..2n+1; orders of the trips' deals only (the deposit has none)
      ticket:
        section === 'Transações'
          ? fc.integer({ min: 1, max: 2 * trips.length + 1 })
          : fc.integer({ min: 502, max: 2 * trips.length + 501 }),
      column: fc
        .constantFrom(...COLUMNS[section])
        .chain(([column, kind]) => POISON[kind].map((text) => ({ column, text }))),
    }),
  );

const LINE = new Intl.NumberFormat('pt-BR');

function upload(token: string, html: string) {
  return app.inject({
    method: 'POST',
    url: '/api/reports/import',
    headers: { ...bearer(token), 'content-type': 'application/octet-stream' },
    payload: asFile(html),
  });
}

describe('POST /api/reports/import, fuzzed', () => {
  it('the random reports themselves import (the control for the refusals below)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(trip, { minLength: 1, maxLength: 6 }), async (trips) => {
        const trader = await makeUser(db.pool, { role: 'trader' });
        const res = await upload(trader.token, statementHtml(tripDeals(trips)));
        expect(res.statusCode, res.body).toBe(200);
      }),
      { numRuns: 10 },
    );
  });

  it('a stored cell past the agent’s bounds is a 400 naming its row, and nothing is stored', async () => {
    await fc.assert(
      fc.asyncProperty(poisonedReport, async ({ trips, section, ticket, column }) => {
        const { html, line } = withCell(
          statementHtml(tripDeals(trips)),
          section,
          ticket,
          column.column,
          column.text,
        );
        const trader = await makeUser(db.pool, { role: 'trader' });
        const before = await dbFingerprint(db.pool, COUNTERS);
        const res = await upload(trader.token, html);
        expect(res.statusCode, res.body).toBe(400);
        expect(res.json<{ error: string }>().error).toMatch(
          new RegExp(`^Linha ${LINE.format(line).replace('.', '\\.')}, coluna "`),
        );
        expect(changedTables(before, await dbFingerprint(db.pool, COUNTERS))).toEqual([]);
      }),
      // a failure is reported as found: shrinking 60 uploads' worth would pass the test's timeout
      { numRuns: 60, endOnFailure: true },
    );
  });
});
