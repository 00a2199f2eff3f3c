import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../../config/env.js';
import { APP_DB, ensureDatabase } from '../../db/database.js';
import { startEmbeddedPostgres } from '../../db/embedded/embedded-postgres.js';
import { isAlive } from '../../db/embedded/stale-postmaster.js';
import type { RowCounts } from './catalog-dump.js';
import { countRows, restoreDump, tableCount } from './dump-restore.js';

export class RestoreRefused extends Error {}

/** The server of this DATA_DIR, if it runs: a restore under its feet would corrupt both. */
async function runningServer(dataDir: string): Promise<number | null> {
  const pid = Number(
    (await readFile(path.join(dataDir, 'server.pid'), 'utf8').catch(() => '')).trim(),
  );
  return Number.isInteger(pid) && pid > 0 && pid !== process.pid && isAlive(pid) ? pid : null;
}

/**
 * `npm run restore -- FILE`: loads a backup into the configured database (DATABASE_URL, or the
 * embedded one under DATA_DIR). An empty database only, unless `force` replaces what is there.
 */
export async function restoreIntoConfigured(
  config: Config,
  file: string,
  opts: { force: boolean; log: (msg: string) => void },
): Promise<RowCounts> {
  let url = config.databaseUrl;
  let stop: () => Promise<void> = () => Promise.resolve();
  if (!url) {
    const pid = await runningServer(config.dataDir);
    if (pid)
      throw new RestoreRefused(
        `O servidor Vórtex está em execução (pid ${pid}): pare-o antes de restaurar.`,
      );
    const embedded = await startEmbeddedPostgres({
      baseDir: path.join(config.dataDir, 'postgres'),
      port: config.embeddedPgPort,
      log: opts.log,
    });
    stop = embedded.stop;
    await ensureDatabase(embedded.url('postgres'), APP_DB);
    url = embedded.url(APP_DB);
  }
  try {
    const tables = await tableCount(url);
    if (tables > 0 && !opts.force)
      throw new RestoreRefused(
        `O banco de dados de destino não está vazio (${tables} tabelas). Use --force para substituí-lo.`,
      );
    opts.log(`Restaurando ${file}${tables > 0 ? ' (substituindo o banco atual)' : ''}...`);
    await restoreDump(file, url, { replace: tables > 0 });
    return await countRows(url);
  } finally {
    await stop();
  }
}
