import { liveMessages } from '@vortex/core';
import { z } from 'zod';
import { oneRow } from '../../db/rows.js';
import { describe, expect, it } from '../../../test/fixture.js';
import { databaseTickets } from './live-tickets.js';

const invalid = { statusCode: 401, message: liveMessages.ticketInvalid };

describe('tickets in the database (instances sharing Redis)', () => {
  it('spends each once, any instance, within its lifetime, while its session holds', async ({
    db,
    newUser,
  }) => {
    const trader = await newUser({ role: 'trader' });
    const session = await oneRow(
      db.pool,
      z.object({ id: z.number() }),
      'SELECT id FROM sessions WHERE user_id = $1',
      [trader.id],
    );
    const holder = { userId: trader.id, sessionId: session.id, token: trader.token };
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
