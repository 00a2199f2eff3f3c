import { describe, expect, it } from 'vitest';
import { makeUser } from '../../../test/session-fixtures';
import { formatBirthDate } from './format';
import { filterUsers, NO_FILTERS } from './filter-users';
import { computeUserStats, loggedInToday } from './user-stats';
import { statusBadgeOf } from './user-status';

describe('status badges (access-and-admin.md §4)', () => {
  it.each([
    ['pending', 'pending'],
    ['active', 'active'],
    ['approved', 'active'],
    ['suspended', 'suspended'],
    ['rejected', 'pending'],
    ['qualquer', 'pending'],
  ])('shows %s as %s', (status, badge) => {
    expect(statusBadgeOf(status)).toBe(badge);
  });
});

describe('online today (§9: the UTC date of last_login)', () => {
  const now = new Date('2025-06-10T01:30:00.000Z');
  it('counts a login earlier on the same UTC day, even if it was yesterday in Brazil', () => {
    expect(loggedInToday('2025-06-10T00:10:00.000Z', now)).toBe(true);
  });
  it('does not count the previous UTC day, nor no login, nor a bad date', () => {
    expect(loggedInToday('2025-06-09T23:59:59.000Z', now)).toBe(false);
    expect(loggedInToday(null, now)).toBe(false);
    expect(loggedInToday('ontem', now)).toBe(false);
  });
  it('counts active as approved or active', () => {
    const users = ['pending', 'approved', 'active', 'suspended', 'rejected'].map((status, i) =>
      makeUser({ id: i + 1, status: status as 'pending' }),
    );
    expect(computeUserStats(users, now)).toEqual({
      total: 5,
      pending: 1,
      active: 2,
      onlineToday: 0,
    });
  });
});

describe('filters (§2)', () => {
  const users = [
    makeUser({ id: 1, full_name: 'João Conceição', username: 'joao' }),
    makeUser({ id: 2, full_name: 'Maria', email: 'MARIA@Corretora.com' }),
  ];
  it('finds names without accents and emails in any case', () => {
    expect(filterUsers(users, { ...NO_FILTERS, search: 'conceicao' }).map((u) => u.id)).toEqual([
      1,
    ]);
    expect(
      filterUsers(users, { ...NO_FILTERS, search: 'maria@corretora' }).map((u) => u.id),
    ).toEqual([2]);
  });
});

describe('birth date display', () => {
  it('turns AAAA-MM-DD into dd/mm/aaaa without moving the day', () => {
    expect(formatBirthDate('1990-01-01')).toBe('01/01/1990');
    expect(formatBirthDate(null)).toBe('—');
  });
});
