import { describe, expect, it, type TestDatabase } from '../../../test/fixture.js';
import { z } from 'zod';
import { makeUser } from '../../../test/identities.js';
import { rowsOf } from '../../db/rows.js';
import { insertClaim, type ClaimStatus } from '../bridge/bridge-claims.repo.js';
import { insertInstaller } from '../installer/installer.repo.js';
import { runHousekeeping } from './housekeeping.js';

let db: TestDatabase;
it.beforeAll(({ db: fx }) => {
  db = fx;
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
      installers: 0,
      installerClaims: 0,
      accountSnapshots: 0,
    });
    const rows = await rowsOf(
      db.pool,
      z.object({ user_id: z.number() }),
      'SELECT user_id FROM sessions',
    );
    expect(rows.map((r) => r.user_id)).toEqual([live.id]);
    expect((await db.pool.query('SELECT key FROM rate_events')).rows).toEqual([{ key: 'b' }]);
  });

  it('purges installers that expired undownloaded, and their claims no agent used', async () => {
    const u = await makeUser(db.pool);
    const installer = async (
      name: string,
      o: { expired: boolean; downloaded?: boolean; claim?: ClaimStatus; session?: boolean },
    ) => {
      const claim = await insertClaim(db.pool, {
        userId: u.id,
        tokenPrefix: name,
        status: o.claim ?? 'pre_install',
      });
      const id = await insertInstaller(db.pool, {
        userId: u.id,
        claimId: claim,
        zip: Buffer.from(name),
      });
      // Time moved back instead of waited for: the 15 minutes are over.
      if (o.expired)
        await db.pool.query(
          "UPDATE bridge_installers SET expires_at = now() - interval '1 second' WHERE id = $1",
          [id],
        );
      if (o.downloaded)
        await db.pool.query(
          "UPDATE bridge_installers SET downloaded_at = created_at, zip = ''::bytea WHERE id = $1",
          [id],
        );
      if (o.session)
        await db.pool.query(
          "INSERT INTO bridge_sessions (session_hash, user_id, claim_id, expires_at) VALUES ($1, $2, $3, now() + interval '1 day')",
          [Buffer.from(name), u.id, claim],
        );
      return { claim, id };
    };
    await installer('gone', { expired: true });
    const downloaded = await installer('downloaded', { expired: true, downloaded: true });
    const fresh = await installer('fresh', { expired: false });
    const paired = await installer('paired', { expired: true, claim: 'active' });
    const inSession = await installer('session', { expired: true, session: true });

    expect(await runHousekeeping(db.pool)).toMatchObject({ installers: 3, installerClaims: 1 });
    const ids = async (table: string) =>
      (
        await rowsOf(
          db.pool,
          z.object({ id: z.string() }),
          `SELECT id FROM ${table} WHERE user_id = $1`,
          [u.id],
        )
      )
        .map((r) => r.id)
        .sort();
    expect(await ids('bridge_installers')).toEqual([downloaded.id, fresh.id].sort());
    expect(await ids('bridge_claims')).toEqual(
      [downloaded.claim, fresh.claim, paired.claim, inSession.claim].sort(),
    );
    expect(await runHousekeeping(db.pool)).toMatchObject({ installers: 0, installerClaims: 0 });
  });
});
