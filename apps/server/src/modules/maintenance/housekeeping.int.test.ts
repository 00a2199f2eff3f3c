import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeUser } from '../../../test/identities.js';
import { createTestDatabase, type TestDatabase } from '../../../test/test-database.js';
import { runHousekeeping } from './housekeeping.js';

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => {
  await db.drop();
});

describe('runHousekeeping', () => {
  it('drops old counters and dead sessions and links, and keeps live ones', async () => {
    const live = await makeUser(db.pool);
    const dead = await makeUser(db.pool);
    await db.pool.query(
      "UPDATE sessions SET expires_at = now() - interval '2 days' WHERE user_id = $1",
      [dead.id],
    );
    await db.pool.query(
      "INSERT INTO rate_events (kind, key, created_at) VALUES ('login_fail_ip', 'a', now() - interval '2 days'), ('login_fail_ip', 'b', now())",
    );
    await db.pool.query(
      "INSERT INTO password_resets (token_hash, user_id, expires_at) VALUES ('\\x01', $1, now() - interval '2 days'), ('\\x02', $1, now() + interval '1 hour')",
      [live.id],
    );
    await db.pool.query(
      "INSERT INTO live_tickets (ticket_hash, user_id, expires_at) VALUES ('\\x01', $1, now() - interval '2 hours'), ('\\x02', $1, now())",
      [live.id],
    );
    expect(await runHousekeeping(db.pool)).toEqual({
      rateEvents: 1,
      sessions: 1,
      passwordResets: 1,
      liveTickets: 1,
    });
    const { rows } = await db.pool.query<{ user_id: number }>('SELECT user_id FROM sessions');
    expect(rows.map((r) => r.user_id)).toEqual([live.id]);
    expect((await db.pool.query('SELECT key FROM rate_events')).rows).toEqual([{ key: 'b' }]);
  });
});
