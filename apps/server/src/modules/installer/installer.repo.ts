import { INSTALLERS_PER_HOUR } from '@vortex/core';
import { z } from 'zod';
import { takeHourlyQuota } from '../../db/hourly-quota.js';
import { maybeRow, oneRow } from '../../db/rows.js';
import type { Queryable } from '../../lib/db-types.js';

export const INSTALLER_TTL_MS = 15 * 60 * 1000;

export async function insertInstaller(
  db: Queryable,
  i: { userId: number; claimId: string; zip: Buffer },
): Promise<string> {
  const { id } = await oneRow(
    db,
    z.object({ id: z.string() }),
    `INSERT INTO bridge_installers (user_id, claim_id, zip, expires_at)
     VALUES ($1, $2, $3, now() + $4 * interval '1 millisecond') RETURNING id`,
    [i.userId, i.claimId, i.zip, INSTALLER_TTL_MS],
  );
  return id;
}

/** Takes one of the user's installers for the hour, inside the transaction that builds it. */
export function takeInstallerQuota(
  tx: Queryable,
  userId: number,
): Promise<{ retryAfterS: number } | undefined> {
  return takeHourlyQuota(tx, 'installer_user', String(userId), INSTALLERS_PER_HOUR);
}

/** The zip holds a device key: it is handed out once, then only its record remains. */
export async function takeInstaller(db: Queryable, id: string): Promise<Buffer | undefined> {
  const row = await maybeRow(
    db,
    z.object({ zip: z.instanceof(Buffer) }),
    `UPDATE bridge_installers i SET downloaded_at = now(), zip = ''::bytea
     FROM (SELECT zip FROM bridge_installers WHERE id = $1 FOR UPDATE) old
     WHERE i.id = $1 AND i.downloaded_at IS NULL AND i.expires_at > now()
     RETURNING old.zip`,
    [id],
  );
  return row?.zip;
}

/**
 * Installers that expired without being downloaded: nobody can hold their device key, so the zip,
 * its row and its claim go, unless an agent somehow used that claim (it is no longer pre_install
 * or a bridge session names it). Deleting a claim deletes its installer (ON DELETE CASCADE).
 */
export async function purgeExpiredInstallers(
  db: Queryable,
): Promise<{ installers: number; claims: number }> {
  const { n: claimCount } = await oneRow(
    db,
    z.object({ n: z.number().int() }),
    `WITH gone AS (
       DELETE FROM bridge_claims c
       USING bridge_installers i
       WHERE i.claim_id = c.id AND i.downloaded_at IS NULL AND i.expires_at <= now()
         AND c.status = 'pre_install'
         AND NOT EXISTS (SELECT 1 FROM bridge_sessions s WHERE s.claim_id = c.id)
       RETURNING c.id)
     SELECT count(*)::int AS n FROM gone`,
  );
  const rest = await db.query(
    'DELETE FROM bridge_installers WHERE downloaded_at IS NULL AND expires_at <= now()',
  );
  return { installers: claimCount + (rest.rowCount ?? 0), claims: claimCount };
}
