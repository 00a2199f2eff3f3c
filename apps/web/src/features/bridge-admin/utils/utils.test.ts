import { describe, expect, it } from 'vitest';
import { auditCsv } from './audit-csv';
import { canResetClaim, canRevokeClaim, isClaimOnline } from './claims';
import { healthLevel } from './health';
import { formatElapsed, localInputToIso } from './time';
import { SESSION_LIFETIME_MS, ttlState } from './ttl';

const HOUR = 3_600_000;

describe('ttlState (trading.md §4, §9)', () => {
  it.each([
    [12 * HOUR, 0, 'ok'],
    [3 * HOUR + 1, 0.75, 'ok'],
    [3 * HOUR - 1, 0.75, 'warn'],
    [1.2 * HOUR + 1, 0.9, 'warn'],
    [1.2 * HOUR - 1, 0.9, 'danger'],
  ])('%i ms left: %s of the bar, %s', (left, elapsed, tone) => {
    const ttl = ttlState(left);
    expect(ttl.elapsed).toBeCloseTo(elapsed, 5);
    expect(ttl.tone).toBe(tone);
    expect(ttl.expired).toBe(false);
  });

  it('is expired and full at or past zero, and never overflows', () => {
    expect(ttlState(0)).toEqual({ elapsed: 1, tone: 'danger', expired: true });
    expect(ttlState(-5000)).toEqual({ elapsed: 1, tone: 'danger', expired: true });
    expect(ttlState(SESSION_LIFETIME_MS * 2).elapsed).toBe(0);
  });
});

describe('healthLevel (trading.md §9)', () => {
  it('warns strictly above the first threshold and alarms strictly above the second', () => {
    expect([20, 21, 50, 51].map((n) => healthLevel('ws_users', n))).toEqual([
      'ok',
      'warn',
      'warn',
      'danger',
    ]);
    expect([30, 31, 60, 61].map((n) => healthLevel('ws_connections', n))).toEqual([
      'ok',
      'warn',
      'warn',
      'danger',
    ]);
    expect([50, 51, 100, 101].map((n) => healthLevel('active_sessions', n))).toEqual([
      'ok',
      'warn',
      'warn',
      'danger',
    ]);
  });
});

describe('claims (trading.md §4)', () => {
  const now = Date.parse('2025-03-01T12:00:00Z');
  const claim = (
    status: 'active' | 'mismatch' | 'revoked' | 'pre_install',
    seenSecondsAgo: number | null,
  ) => ({
    id: 'c',
    user_id: 1,
    token_prefix: 'vtx',
    status,
    created_at: '2025-03-01T00:00:00Z',
    last_seen_at:
      seenSecondsAgo === null ? null : new Date(now - seenSecondsAgo * 1000).toISOString(),
    last_hb_mt5_at: null,
    last_hb_mt5: false,
    primary_account_number: null,
  });

  it('is online when active and seen under 60 s ago', () => {
    expect(isClaimOnline(claim('active', 59), now)).toBe(true);
    expect(isClaimOnline(claim('active', 60), now)).toBe(false);
    expect(isClaimOnline(claim('active', null), now)).toBe(false);
    expect(isClaimOnline(claim('mismatch', 1), now)).toBe(false);
  });

  it('offers revoke unless revoked, and reset for mismatch or revoked', () => {
    const statuses = ['active', 'mismatch', 'revoked', 'pre_install'] as const;
    expect(statuses.map((s) => canRevokeClaim(claim(s, 1)))).toEqual([true, true, false, true]);
    expect(statuses.map((s) => canResetClaim(claim(s, 1)))).toEqual([false, true, true, false]);
  });
});

describe('formatElapsed', () => {
  it.each([
    [0, '0 s'],
    [59_999, '59 s'],
    [60_000, '1 min'],
    [HOUR, '1 h'],
    [HOUR + 5 * 60_000, '1 h 5 min'],
    [26 * HOUR, '1 d 2 h'],
    [48 * HOUR, '2 d'],
    [-1000, '0 s'],
  ])('%i ms reads %s', (ms, text) => {
    expect(formatElapsed(ms)).toBe(text);
  });
});

describe('localInputToIso', () => {
  it("reads a datetime-local value in the browser's zone and sends an instant", () => {
    expect(localInputToIso('2025-03-01T09:00')).toBe(new Date(2025, 2, 1, 9, 0).toISOString());
    expect(localInputToIso('')).toBeUndefined();
    expect(localInputToIso('not a date')).toBeUndefined();
  });
});

describe('auditCsv', () => {
  it('quotes what needs quoting and leaves empty cells for nulls', () => {
    const csv = auditCsv([
      {
        id: 7,
        user_id: null,
        actor_user_id: 1,
        event_type: 'bridge_cleanup',
        created_at: '2025-03-01T12:00:00.000Z',
        meta_json: '{"a":"x,\ny"}',
      },
    ]);
    expect(csv).toBe(
      'id,user_id,actor_user_id,event_type,created_at,meta_json\r\n' +
        '7,,1,bridge_cleanup,2025-03-01T12:00:00.000Z,"{""a"":""x,\ny""}"\r\n',
    );
  });

  it('neutralises text cells a spreadsheet would run as formulas, and keeps ids as numbers', () => {
    const row = (event_type: string, meta_json: string) =>
      auditCsv([
        { id: 8, user_id: 3, actor_user_id: null, event_type, created_at: '2025', meta_json },
      ]).split('\r\n')[1];
    expect(row('=HYPERLINK("http://x","y")', '+1')).toBe(
      `8,3,,"'=HYPERLINK(""http://x"",""y"")",2025,'+1`,
    );
    expect(row('@SUM(A1)', '-2+3')).toBe(`8,3,,'@SUM(A1),2025,'-2+3`);
  });
});
