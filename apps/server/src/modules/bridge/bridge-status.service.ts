import { onboardingState } from '@vortex/core';
import type pg from 'pg';
import type { AgentRegistry } from './agent-registry.js';
import {
  claimsOfUser,
  latestAccountOf,
  liveBridgeOf,
  type LiveBridge,
} from './bridge-status.repo.js';
import { rememberOnboarding } from './onboarding.repo.js';

/** The user's bridges, and whether onboarding is complete (remembered once its rule holds). */
export async function myBridges(pool: pg.Pool, userId: number) {
  const now = Date.now();
  const items = await claimsOfUser(pool, userId, now);
  // Onboarding's rule judged here, on the server's clock, and remembered once it holds.
  const holds = onboardingState(items, now).complete;
  return { items, onboardingCompleted: await rememberOnboarding(pool, userId, holds) };
}

/**
 * Whether the user's bridge and MT5 are up. An agent connected here is known exactly; otherwise
 * the database says what any instance saw in the last 60 s.
 */
export async function liveBridgeFor(
  deps: { pool: pg.Pool; agents: AgentRegistry },
  userId: number,
): Promise<LiveBridge> {
  const here = deps.agents.of(userId);
  return here
    ? {
        bridgeConnected: true,
        mt5Connected: here.mt5Alive,
        accountNumber: here.accountNumber ?? null,
        server: here.server ?? null,
      }
    : liveBridgeOf(deps.pool, userId);
}

/** The last account figures the user's agent reported, if any. */
export async function latestAccount(pool: pg.Pool, userId: number) {
  return latestAccountOf(pool, userId);
}
