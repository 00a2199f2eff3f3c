import { describe, expect, it } from 'vitest';
import { makeUser } from '../../../test/session-fixtures';
import { filterRecipients, idsOfType, recipientsOf } from './recipients';

const users = [
  makeUser({
    id: 1,
    username: 'joao',
    full_name: 'João Silva',
    email: 'joao@x.com',
    phone: '(11) 98765-4321',
    account_type: 'DEMO',
  }),
  makeUser({
    id: 2,
    username: 'maria',
    full_name: 'Maria',
    email: 'maria@y.com',
    phone: null,
    account_type: 'REAL',
  }),
];

describe('recipient helpers', () => {
  it('searches username, email, phone digits and account type, ignoring accents and case', () => {
    expect(filterRecipients(users, 'JOÃO').map((u) => u.id)).toEqual([1]);
    expect(filterRecipients(users, 'y.com').map((u) => u.id)).toEqual([2]);
    expect(filterRecipients(users, '98765').map((u) => u.id)).toEqual([1]);
    expect(filterRecipients(users, 'real').map((u) => u.id)).toEqual([2]);
    expect(filterRecipients(users, '  ')).toHaveLength(2);
  });

  it('picks users by account type and sends to all when nobody is selected', () => {
    expect(idsOfType(users, 'DEMO')).toEqual([1]);
    expect(idsOfType(users, 'REAL')).toEqual([2]);
    expect(recipientsOf([])).toBe('all');
    expect(recipientsOf([2])).toEqual([2]);
  });
});
