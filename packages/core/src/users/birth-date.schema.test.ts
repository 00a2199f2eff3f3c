import { describe, expect, it } from 'vitest';
import { registerMessages as m } from '../auth/auth-messages.js';
import { RegisterPayloadSchema } from '../auth/register.schema.js';
import { BirthDateSchema, isCalendarDate, todayIso } from './birth-date.schema.js';
import { UserUpdateSchema } from './user-admin.schema.js';

const tomorrow = () => todayIso(new Date(Date.now() + 86_400_000));

const firstMessage = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.success ? undefined : r.error?.issues[0]?.message;

describe('isCalendarDate', () => {
  it.each(['2020-13-45', '2023-02-29', '2024-04-31', '2024-00-10', '99-01-01', '2024-1-1'])(
    '%s is no day',
    (v) => expect(isCalendarDate(v)).toBe(false),
  );
  it.each(['2024-02-29', '1990-12-31', '1900-01-01'])('%s is a day', (v) =>
    expect(isCalendarDate(v)).toBe(true),
  );
});

describe('one birth date on registration and on edit', () => {
  const register = (date_of_birth: string) =>
    RegisterPayloadSchema.safeParse({
      full_name: 'Ana Lima',
      email: 'ana@exemplo.com',
      phone: '+55 11 98888-7777',
      date_of_birth,
      password: 'Segura@1',
      account_type: 'demo',
      uses_mt5: true,
      broker: 'Clear',
    });
  const edit = (date_of_birth: string | null) => UserUpdateSchema.safeParse({ date_of_birth });

  it.each([
    ['an impossible day', '2020-13-45', m.birthDateInvalid],
    ['29 February of a common year', '2023-02-29', m.birthDateInvalid],
    ['year 0, which PostgreSQL cannot store', '0000-01-01', m.birthDateInvalid],
    ['before 1900', '1899-12-31', m.birthDateInvalid],
    ['not a date', 'ontem', m.birthDateInvalid],
    ['tomorrow', tomorrow(), m.birthDateFuture],
  ])('%s is refused by both with the same message', (_name, value, message) => {
    expect(firstMessage(register(value))).toBe(message);
    expect(firstMessage(edit(value))).toBe(message);
    expect(firstMessage(BirthDateSchema.safeParse(value))).toBe(message);
  });

  it('takes today and a real past day; an edit may clear it with "" or null', () => {
    for (const day of [todayIso(), '1990-05-10', ' 2000-02-29 ']) {
      expect(register(day).success).toBe(true);
      expect(edit(day).data?.date_of_birth).toBe(day.trim());
    }
    expect(edit('').data).toEqual({ date_of_birth: null });
    expect(edit(null).data).toEqual({ date_of_birth: null });
    expect(firstMessage(register(''))).toBe(m.birthDateRequired);
  });
});
