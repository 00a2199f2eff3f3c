import pg from 'pg';

/**
 * A client whose connection dies emits 'error', and an 'error' with no listener ends the process.
 * With this listener the death surfaces where it matters: the query under way rejects, and every
 * later one rejects as not queryable.
 */
export function survivesConnectionLoss<T extends pg.Client | pg.PoolClient>(client: T): T {
  client.on('error', ignore);
  return client;
}

function ignore(): void {}

/** A dedicated client (not from a pool), connected, that never takes the process down. */
export async function connectClient(config: string | pg.ClientConfig): Promise<pg.Client> {
  const client = survivesConnectionLoss(new pg.Client(config));
  try {
    await client.connect();
  } catch (err) {
    await client.end().catch(() => undefined);
    throw err;
  }
  return client;
}
