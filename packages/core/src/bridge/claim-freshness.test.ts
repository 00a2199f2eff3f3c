import { describe, expect, it } from 'vitest';
import { hasRecentBridge, isClaimOnline, onboardingState } from './claim-freshness.js';
import type { Claim } from './status.schema.js';

const NOW = Date.parse('2026-11-20T15:00:00Z');
const ago = (ms: number) => new Date(NOW - ms).toISOString();

function claim(over: Partial<Claim> = {}): Claim {
  return {
    id: '7d3f9a2e-0000-4000-8000-000000000001',
    user_id: 1,
    token_prefix: 'abcdefgh',
    status: 'active',
    created_at: ago(3_600_000),
    last_seen_at: ago(5_000),
    last_hb_mt5_at: ago(5_000),
    last_hb_mt5: true,
    primary_account_number: 123,
    ...over,
  };
}

describe('onboardingState', () => {
  it('is connected with an active, fresh claim whose MT5 beats', () => {
    expect(onboardingState([claim()], NOW)).toMatchObject({ status: 'connected', complete: true });
  });

  it('is paired, and still complete, when the agent is seen under 60 s but MT5 is not confirmed', () => {
    const c = claim({ last_hb_mt5: false, last_hb_mt5_at: null, last_seen_at: ago(59_000) });
    expect(onboardingState([c], NOW)).toMatchObject({ status: 'paired', complete: true });
  });

  it('is paired but not complete between 60 s and 2 min without MT5', () => {
    const c = claim({ last_hb_mt5: false, last_seen_at: ago(90_000) });
    expect(onboardingState([c], NOW)).toMatchObject({ status: 'paired', complete: false });
  });

  it('ignores a claim seen over 2 minutes ago, and any claim that is not active', () => {
    expect(onboardingState([claim({ last_seen_at: ago(121_000) })], NOW).status).toBe('not_paired');
    for (const status of ['revoked', 'mismatch', 'pre_install'] as const) {
      expect(onboardingState([claim({ status })], NOW).status).toBe('not_paired');
    }
  });

  it('says when an installer claim waits for its first heartbeat', () => {
    const s = onboardingState([claim({ status: 'pre_install', last_seen_at: null })], NOW);
    expect(s).toMatchObject({ status: 'not_paired', awaitingAutoClaim: true, complete: false });
  });

  it('picks the most recently seen active claim', () => {
    const older = claim({ id: 'a', last_seen_at: ago(30_000), last_hb_mt5: false });
    const newer = claim({ id: 'b', last_seen_at: ago(1_000) });
    expect(onboardingState([older, newer], NOW).claim?.id).toBe('b');
  });
});

describe('freshness windows', () => {
  it('counts a claim online under 60 s and for the dashboard under 5 minutes', () => {
    expect(isClaimOnline(claim({ last_seen_at: ago(59_999) }), NOW)).toBe(true);
    expect(isClaimOnline(claim({ last_seen_at: ago(60_001) }), NOW)).toBe(false);
    expect(hasRecentBridge([claim({ last_seen_at: ago(299_000) })], NOW)).toBe(true);
    expect(hasRecentBridge([claim({ last_seen_at: ago(301_000) })], NOW)).toBe(false);
  });
});
