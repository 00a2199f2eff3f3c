import { describe, expect, it, type TestDatabase } from '../../../test/fixture.js';
import { makeUser } from '../../../test/identities.js';
import { claimLapsedBots, releaseLeasesOfProcess } from './bot-runs.repo.js';

async function leasedTo(db: TestDatabase, instance: string): Promise<number> {
  const user = await makeUser(db.pool, { role: 'trader' });
  await db.pool.query(
    `INSERT INTO bot_runs (user_id, active, started_at, instance, updated_at, lease_until)
     VALUES ($1, true, now(), $2, now(), now() + interval '30 seconds')`,
    [user.id, instance],
  );
  return user.id;
}

describe('the leases of a server process known dead', () => {
  it('are let go at once, and only that process’s: a restart resumes its bots without waiting', async ({
    db,
  }) => {
    const dead = await leasedTo(db, 'maquina:4242:a1b2c3');
    const samePidElsewhere = await leasedTo(db, 'outra:4242:d4e5f6');
    const longerPid = await leasedTo(db, 'maquina:42420:a7b8c9');
    // Leased for 30 s more: nobody may take them yet.
    expect(await claimLapsedBots(db.pool, 'novo:1:x')).toEqual([]);
    expect(await releaseLeasesOfProcess(db.pool, 'maquina', 4242)).toBe(1);
    const taken = (await claimLapsedBots(db.pool, 'novo:1:x')).map((r) => r.user_id);
    expect(taken).toEqual([dead]);
    expect(taken).not.toContain(samePidElsewhere);
    expect(taken).not.toContain(longerPid);
  });
});
