import { onboardingState } from '@vortex/core';
import type pg from 'pg';
import type { AgentRegistry } from './agent-registry.js';
import { claimsOfUser, latestAccountOf, type LiveBridge } from './bridge-status.repo.js';
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
 * Whether the user's bridge and MT5 are up, from the agents this instance knows (its own, and
 * with REDIS_URL every instance's). Not from the database: after a server crash its sessions
 * still read active for 60 s, and would say connected before the agent is back. Connected needs
 * the agent's hello on its current connection (it sets the account), not only an open socket.
 */
export function liveBridgeFor(deps: { agents: AgentRegistry }, userId: number): LiveBridge {
  const here = deps.agents.of(userId);
  // Set by hello only; a handle exists from auth on, and an agent may beat before its hello.
  const greeted = here?.accountNumber !== undefined;
  return {
    bridgeConnected: greeted,
    mt5Connected: greeted && here.mt5Alive,
    accountNumber: here?.accountNumber ?? null,
    server: here?.server ?? null,
  };
}

/** The last account figures the user's agent reported, if any. */
export async function latestAccount(pool: pg.Pool, userId: number) {
  return latestAccountOf(pool, userId);
}
