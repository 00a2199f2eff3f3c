import { describe, expect, it } from 'vitest';
import { registerMessages as m } from './auth-messages.js';
import { isStrongResetPassword } from './password-rules.js';
import { RegisterFormSchema, RegisterPayloadSchema, toRegisterPayload } from './register.schema.js';

const form = (over: Record<string, unknown> = {}) => ({
  accountType: 'DEMO',
  fullName: 'Ana Lima',
  email: 'ana@exemplo.com',
  phone: '+55 11 98888-7777',
  dateOfBirth: '1992-03-04',
  usesMT5: 'SIM',
  broker: 'Clear',
  password: 'Segura@1',
  confirmPassword: 'Segura@1',
  ...over,
});

const messagesOf = (v: unknown) => {
  const r = RegisterFormSchema.safeParse(v);
  return r.success ? [] : r.error.issues.map((i) => i.message);
};

describe('RegisterFormSchema', () => {
  it('accepts a complete form and turns it into the payload', () => {
    const parsed = RegisterFormSchema.parse(form());
    const payload = toRegisterPayload(parsed, 'ana');
    expect(payload).toMatchObject({
      account_type: 'demo',
      uses_mt5: true,
      username: 'ana',
      date_of_birth: '1992-03-04',
    });
    expect(RegisterPayloadSchema.safeParse(payload).success).toBe(true);
  });

  it.each([
    ['empty full name', { fullName: '' }, m.requiredFields],
    ['empty email', { email: '' }, m.requiredFields],
    ['short password', { password: 'Ab@1', confirmPassword: 'Ab@1' }, m.passwordMin],
    [
      'no special character among @$!%*?&',
      { password: 'Abcdefg1#', confirmPassword: 'Abcdefg1#' },
      m.passwordStrength,
    ],
    ['different confirmation', { confirmPassword: 'Outra@123' }, m.passwordsDiffer],
    ['no birth date', { dateOfBirth: '' }, m.birthDateRequired],
    ['a birth date in the future', { dateOfBirth: '2999-12-31' }, m.birthDateFuture],
    ['MT5 not used', { usesMT5: 'NAO' }, m.usesMt5Required],
    ['MT5 unanswered', { usesMT5: '' }, m.usesMt5Required],
    ['one-letter broker', { broker: 'C' }, m.brokerMin],
  ])('%s: %s', (_name, over, message) => {
    expect(messagesOf(form(over))).toContain(message);
  });

  it('does not ask for a broker when MT5 is not used (the MT5 message decides)', () => {
    expect(messagesOf(form({ usesMT5: 'NAO', broker: '' }))).not.toContain(m.brokerMin);
  });
});

describe('isStrongResetPassword', () => {
  it('takes the reset screen special characters', () => {
    expect(isStrongResetPassword('Abcdefg1#')).toBe(true);
    expect(isStrongResetPassword('Abcdefg1<')).toBe(true);
    expect(isStrongResetPassword('Abcdefg1')).toBe(false);
    expect(isStrongResetPassword('abcdefg1#')).toBe(false);
    expect(isStrongResetPassword('Ab1#')).toBe(false);
  });
});
