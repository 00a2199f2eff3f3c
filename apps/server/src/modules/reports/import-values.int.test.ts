// Issue 25: a report's values pass the agent's own bounds, and each refusal names the file's row
// and column. One test per value the probe found stored, or answered with a 500.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { describe, expect, it, type TestDatabase } from '../../../test/fixture.js';
import { changedTables, dbFingerprint } from '../../../test/db-fingerprint.js';
import {
  asFile,
  statementHtml,
  withCell,
  withLabelValue,
  type CraftedSection,
} from '../../../test/crafted-report.js';
import { bearer, makeUser, type TestUser } from '../../../test/identities.js';
import { ImportRefusal, importMessages } from './import/messages.js';
import { importReport } from './report-import.service.js';

let db: TestDatabase;
let app: FastifyInstance;

it.beforeAll(({ db: givenDb, app: givenApp }) => {
  [db, app] = [givenDb, givenApp];
});

// The route's hourly quota counts attempts, refused ones too: by design it moves on a refusal.
const COUNTERS = ['rate_events'];

function upload(trader: TestUser, html: string) {
  return app.inject({
    method: 'POST',
    url: '/api/reports/import',
    headers: { ...bearer(trader.token), 'content-type': 'application/octet-stream' },
    payload: asFile(html),
  });
}

/** The upload is a 400 with exactly `error`, and the database is as it was, to the row. */
async function expectRefused(html: string, error: string) {
  // A trader of its own per upload: the route lets one import per trader run at a time.
  const trader = await makeUser(db.pool, { role: 'trader' });
  const before = await dbFingerprint(db.pool, COUNTERS);
  const res = await upload(trader, html);
  expect({ status: res.statusCode, body: res.json<unknown>() }).toEqual({
    status: 400,
    body: { success: false, error },
  });
  expect(changedTables(before, await dbFingerprint(db.pool, COUNTERS))).toEqual([]);
}

// Visible columns of the pt-BR statement's Deals ("Transações") and Orders ("Ordens").
const DEAL = { time: 0, symbol: 2, volume: 5, price: 6, commission: 8, profit: 11, comment: 13 };
const ORDER = { symbol: 2, volume: 4, price: 5, comment: 10 };

const cell = (section: CraftedSection, ticket: number, column: number, text: string) =>
  withCell(statementHtml(), section, ticket, column, text);

describe('POST /api/reports/import: values past the agent’s bounds', () => {
  it('the unedited statement imports (the control for every refusal below)', async () => {
    const res = await upload(await makeUser(db.pool, { role: 'trader' }), statementHtml());
    expect(res.statusCode, res.body).toBe(200);
  });

  it.each([
    ['profit 1e13', DEAL.profit, '10 000 000 000 000.00', 'Lucro', 'R$ 1 trilhão'],
    ['profit 1e300', DEAL.profit, '1e300', 'Lucro', 'R$ 1 trilhão'],
    ['price 2e9', DEAL.price, '2000000000.00', 'Preço', 'de 0 a 1 bilhão'],
    ['volume 1e7', DEAL.volume, '10000000', 'Volume', 'de 0 a 1 milhão'],
    ['commission -1e13', DEAL.commission, '-10 000 000 000 000.00', 'Comissão', 'R$ 1 trilhão'],
  ])('%s: 400 naming the row and column, nothing stored', async (_, column, text, name, limit) => {
    const { html, line } = cell('Transações', 3, column, text);
    await expectRefused(html, `Linha ${line}, coluna "${name}": valor fora do limite (${limit}).`);
  });

  it.each(['1960.01.04 10:00:00', '2150.01.04 10:00:00'])(
    'a deal dated %s: 400 naming the row, nothing stored',
    async (text) => {
      const { html, line } = cell('Transações', 3, DEAL.time, text);
      await expectRefused(
        html,
        `Linha ${line}, coluna "Horário": data fora do período aceito (1970 a 2099) "${text}".`,
      );
    },
  );

  it.each(['2026.02.30 10:00:00', '2026.11.16 25:61:00', '2026.13.01 10:00:00'])(
    'a date that does not exist (%s) is refused, not moved to another day',
    async (text) => {
      const { html, line } = cell('Transações', 3, DEAL.time, text);
      await expectRefused(html, `Linha ${line}, coluna "Horário": data inexistente "${text}".`);
    },
  );

  it('a control character in a symbol is refused, naming the cell', async () => {
    const { html, line } = cell('Transações', 2, DEAL.symbol, 'WIN\u0001Z25');
    await expectRefused(
      html,
      `Linha ${line}, coluna "Ativo": contém um caractere de controle (invisível), que o Vórtex não guarda.`,
    );
  });

  it('a NUL in a comment is refused naming the cell, not as a bare invalid request', async () => {
    const { html, line } = cell('Transações', 4, DEAL.comment, 'a\u0000b');
    await expectRefused(
      html,
      `Linha ${line}, coluna "Comentário": contém um caractere de controle (invisível), que o Vórtex não guarda.`,
    );
  });

  it('orders pass the agent’s history order bounds too', async () => {
    const price = cell('Ordens', 503, ORDER.price, '2000000000.00');
    await expectRefused(
      price.html,
      `Linha ${price.line}, coluna "Preço": valor fora do limite (de 0 a 1 bilhão).`,
    );
    const volume = cell('Ordens', 503, ORDER.volume, '10000000 / 10000000');
    await expectRefused(
      volume.html,
      `Linha ${volume.line}, coluna "Volume": valor fora do limite (de 0 a 1 milhão).`,
    );
    const long = cell('Ordens', 503, ORDER.comment, 'x'.repeat(65));
    await expectRefused(
      long.html,
      `Linha ${long.line}, coluna "Comentário": texto longo demais (até 64 caracteres).`,
    );
  });

  it('the account’s figures, server and the report’s date are held to the agent’s bounds', async () => {
    const balance = withLabelValue(statementHtml(), 'Saldo:', '10 000 000 000 000.00');
    await expectRefused(
      balance.html,
      `Linha ${balance.line}, campo "Saldo": valor fora do limite (R$ 1 trilhão).`,
    );
    const server = withLabelValue(
      statementHtml(),
      'Conta:',
      `5012345 (BRL, ${'S'.repeat(129)}, demo, Netting)`,
    );
    await expectRefused(
      server.html,
      `Linha ${server.line}, campo "Conta": texto longo demais (até 128 caracteres).`,
    );
    const date = withLabelValue(statementHtml(), 'Data:', '2026.02.30 10:00');
    await expectRefused(
      date.html,
      `Linha ${date.line}, campo "Data": data inexistente "2026.02.30 10:00".`,
    );
  });
});

/**
 * `pool`, whose deal inserts carry a profit of 1e13 whatever the file said (the import moves its
 * staged deals with INSERT … SELECT: the selected profit is replaced): a value the reader's
 * checks let through, as a future gap in them would, for the database's CHECK to refuse.
 */
const withProfit1e13 = (sql: string) => {
  const at = sql.indexOf('SELECT');
  return sql.slice(0, at) + sql.slice(at).replace(/\bprofit,/, '1e13::float8,');
};

function poolMissingACheck(pool: pg.Pool): pg.Pool {
  const connect = async () => {
    const client = await pool.connect();
    const query = client.query.bind(client) as (text: unknown, values?: unknown[]) => unknown;
    return Object.assign(Object.create(client) as pg.PoolClient, {
      release: () => client.release(),
      query: (text: unknown, values?: unknown[]) =>
        typeof text === 'string' && text.startsWith('INSERT INTO deals')
          ? query(withProfit1e13(text), values)
          : query(text, values),
    });
  };
  return Object.assign(Object.create(pool) as pg.Pool, { connect });
}

describe('the database’s bounds behind the reader’s', () => {
  it('a value the database refuses is the file’s refusal (400), never a 500, and leaves nothing', async () => {
    const trader = await makeUser(db.pool, { role: 'trader' });
    const dir = await mkdtemp(path.join(tmpdir(), 'vortex-import-values-'));
    try {
      const file = path.join(dir, 'report');
      await writeFile(file, asFile(statementHtml()));
      const deps = { pool: poolMissingACheck(db.pool), follower: { catchUp: async () => {} } };
      const before = await dbFingerprint(db.pool, COUNTERS);
      const refused = await importReport(deps, trader.id, file).catch((err: unknown) => err);
      expect(refused).toBeInstanceOf(ImportRefusal);
      expect((refused as ImportRefusal).message).toBe(importMessages.refusedByDatabase);
      expect(((refused as ImportRefusal).cause as { code?: string }).code).toBe('23514');
      expect(changedTables(before, await dbFingerprint(db.pool, COUNTERS))).toEqual([]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
