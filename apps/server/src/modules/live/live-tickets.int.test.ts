import { liveMessages } from '@vortex/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeUser } from '../../../test/identities.js';
import { createTestDatabase, type TestDatabase } from '../../../test/test-database.js';
import { databaseTickets } from './live-tickets.js';

let db: TestDatabase;

beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => {
  await db.drop();
});

const invalid = { statusCode: 401, message: liveMessages.ticketInvalid };

describe('tickets in the database (instances sharing Redis)', () => {
  it('spends each once, any instance, within its lifetime, while its session holds', async () => {
    const trader = await makeUser(db.pool, { role: 'trader' });
    const { rows } = await db.pool.query<{ id: number }>(
      'SELECT id FROM sessions WHERE user_id = $1',
      [trader.id],
    );
    const holder = { userId: trader.id, sessionId: rows[0]?.id ?? 0, token: trader.token };
    const [a, b] = [databaseTickets(db.pool), databaseTickets(db.pool)];

    const { ticket } = await a.issue(holder);
    await expect(b.spend(ticket)).resolves.toMatchObject({ userId: trader.id, role: 'trader' });
    await expect(a.spend(ticket)).rejects.toMatchObject(invalid);

    const stale = (await a.issue(holder)).ticket;
    await db.pool.query("UPDATE live_tickets SET expires_at = now() - interval '1 second'");
    await expect(b.spend(stale)).rejects.toMatchObject(invalid);

    const revoked = (await a.issue(holder)).ticket;
    await db.pool.query('UPDATE sessions SET revoked_at = now() WHERE id = $1', [holder.sessionId]);
    await expect(b.spend(revoked)).rejects.toMatchObject(invalid);
  });
});
