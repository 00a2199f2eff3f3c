import { mt5Messages } from '@vortex/core';
import type pg from 'pg';
import { HttpError } from '../../http/http-error.js';
import { inTransaction } from '../../lib/db-types.js';
import { hashToken, newToken } from '../../lib/tokens.js';
import { writeAudit } from '../audit/audit.repo.js';
import { insertClaim } from '../bridge/bridge-claims.repo.js';
import { buildInstallerZip, type InstallerFiles } from './installer-zip.js';
import { insertInstaller, takeInstaller, takeInstallerQuota } from './installer.repo.js';

export interface InstallerDeps {
  pool: pg.Pool;
  files: InstallerFiles;
  publicApiUrl: string;
}

export interface MadeInstaller {
  id: string;
  size: number;
  claimId: string;
}

/**
 * Builds a user's installer around a fresh device key whose claim waits as pre_install, or says
 * how long until the user's quota allows another.
 */
export async function createInstaller(
  deps: InstallerDeps,
  actor: { userId: number; ip: string },
): Promise<MadeInstaller | { retryAfterS: number }> {
  const device = newToken();
  const made = await inTransaction(deps.pool, async (tx) => {
    const limited = await takeInstallerQuota(tx, actor.userId);
    if (limited) return limited;
    const claim = await insertClaim(tx, {
      userId: actor.userId,
      tokenPrefix: device.token.slice(0, 8),
      status: 'pre_install',
      deviceKeyHash: hashToken(device.token),
    });
    const zip = await buildInstallerZip(deps.files, {
      serverUrl: deps.publicApiUrl,
      deviceKey: device.token,
      deviceId: claim,
    });
    const installer = await insertInstaller(tx, { userId: actor.userId, claimId: claim, zip });
    return { id: installer, size: zip.length, claimId: claim };
  });
  if ('retryAfterS' in made) return made;
  await writeAudit(deps.pool, {
    actorUserId: actor.userId,
    action: 'bridge_installer_created',
    targetUserId: actor.userId,
    ip: actor.ip,
    meta: { claim_id: made.claimId },
  });
  return made;
}

/** The installer's zip, once: a second download, or one after 15 minutes, is a 404. */
export async function downloadInstaller(pool: pg.Pool, id: string): Promise<Buffer> {
  const zip = await takeInstaller(pool, id);
  if (!zip) throw new HttpError(404, mt5Messages.installerNotFound);
  return zip;
}
