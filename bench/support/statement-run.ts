/**
 * One whole-history statement in a fresh process, for bench/any-period.bench.ts: its peak RSS
 * is then this statement's alone. Prints one JSON line. Arguments: variant, database url, user.
 *   stream  the route's path: openStatement + statementStream, bytes into a sink that drops them
 *   whole   the path it replaced (test/whole-statement.ts): the model, one string, one Buffer
 *   copy    a plain COPY (SELECT <the statement's deal columns> ...) TO STDOUT of the same deals
 */
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  encodeUtf16le,
  HtmlStatementWriter,
  Mt5ReportRequestSchema,
  renderStatementHtml,
} from '@vortex/core';
import pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import { installTypeParsers } from '../../apps/server/src/db/pg-types.js';
import { STATEMENT_DEAL_COLUMNS } from '../../apps/server/src/modules/reports/reports.repo.js';
import { openStatement } from '../../apps/server/src/modules/reports/reports.service.js';
import {
  statementStream,
  utf16leWithBom,
} from '../../apps/server/src/modules/reports/statement-body.js';
import { wholeStatementOf } from '../../apps/server/test/whole-statement.js';

installTypeParsers();

const [variant, url, user] = process.argv.slice(2);
const userId = Number(user);
const request = Mt5ReportRequestSchema.parse({ date_range: 'all' });

/** A sink that counts the bytes and notes when the first came. */
function sink(start: number) {
  const seen = { bytes: 0, firstMs: Number.NaN };
  const writable = new Writable({
    write(chunk: Buffer, _encoding, done) {
      if (seen.bytes === 0) seen.firstMs = performance.now() - start;
      seen.bytes += chunk.length;
      done();
    },
  });
  return { seen, writable };
}

async function run(pool: pg.Pool) {
  const now = Date.now();
  const start = performance.now();
  const { seen, writable } = sink(start);
  if (variant === 'stream') {
    const open = await openStatement(pool, userId, request, now);
    await pipeline(
      await statementStream(open, new HtmlStatementWriter(), utf16leWithBom()),
      writable,
    );
  } else if (variant === 'whole') {
    const model = await wholeStatementOf(pool, userId, request, now);
    const bytes = Buffer.from(encodeUtf16le(renderStatementHtml(model)));
    await pipeline([bytes], writable);
  } else if (variant === 'copy') {
    const client = await pool.connect();
    try {
      const account = await client.query<{ id: number }>(
        'SELECT id FROM mt5_accounts WHERE user_id = $1 LIMIT 1',
        [userId],
      );
      const sql = `COPY (SELECT ${STATEMENT_DEAL_COLUMNS} FROM deals WHERE account_id = ${Number(account.rows[0]?.id)}
                   ORDER BY time_msc, ticket) TO STDOUT`;
      await pipeline(client.query(copyTo(sql)), writable);
    } finally {
      client.release();
    }
  } else {
    throw new Error(`unknown variant ${variant}`);
  }
  return { totalMs: performance.now() - start, firstByteMs: seen.firstMs, bytes: seen.bytes };
}

async function main() {
  const pool = new pg.Pool({ connectionString: url, max: 4, application_name: 'vortex-bench' });
  try {
    // Connections, code and the type parsers loaded before the baseline is read.
    await pool.query('SELECT 1');
    const baselineMiB = process.memoryUsage().rss / 1024 / 1024;
    const result = await run(pool);
    const peakMiB = process.resourceUsage().maxRSS / 1024;
    console.log(JSON.stringify({ variant, ...result, baselineMiB, peakMiB }));
  } finally {
    await pool.end();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
