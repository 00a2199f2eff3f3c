/**
 * Traders made directly in the database (no HTTP, no argon2 per user), each with a pending
 * pairing token as `POST /bridge/token/create` stores it, through the server's own repositories.
 */
import type pg from 'pg';
import { insertBridgeToken } from '../../apps/server/src/modules/bridge/bridge-tokens.repo.js';
import { hashPassword } from '../../apps/server/src/modules/auth/password.js';
import { newToken } from '../../apps/server/src/lib/tokens.js';
import { insertUser } from '../../apps/server/src/modules/users/users.repo.js';

// Long enough for a slow run to pair every agent; the server's own tokens live 15 minutes.
const TOKEN_TTL_MS = 60 * 60 * 1000;

export interface BenchTrader {
  userId: number;
  pairingToken: string;
}

export async function createTraders(
  pool: pg.Pool,
  count: number,
  tag: string,
): Promise<BenchTrader[]> {
  const passwordHash = await hashPassword('Bench@12345');
  const traders: BenchTrader[] = [];
  for (let i = 0; i < count; i++) {
    const name = `${tag}${i}`;
    const user = await insertUser(pool, {
      username: name.slice(0, 20),
      fullName: `Bench ${name}`,
      email: `${name}@bench.vortex.local`,
      role: 'trader',
      status: 'active',
      accountType: 'REAL',
      passwordHash,
    });
    const { token, hash } = newToken();
    await insertBridgeToken(pool, {
      hash,
      prefix: token.slice(0, 8),
      userId: user.id,
      label: 'bench',
      expiresAt: new Date(Date.now() + TOKEN_TTL_MS),
    });
    traders.push({ userId: user.id, pairingToken: token });
  }
  return traders;
}
