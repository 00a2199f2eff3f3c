import { registerMessages, RegisterFormSchema, type RegisterForm } from '@vortex/core';
import { useState } from 'react';

export type AccountType = RegisterForm['accountType'];
export type RegisterValues = Omit<RegisterForm, 'accountType'>;
export type RegisterField = keyof RegisterValues;

const EMPTY: RegisterValues = {
  fullName: '',
  email: '',
  phone: '',
  dateOfBirth: '',
  usesMT5: '',
  broker: '',
  password: '',
  confirmPassword: '',
};

/** Screen order: the first invalid field gets the focus. */
export const FIELD_ORDER = Object.keys(EMPTY) as RegisterField[];

export interface RegisterErrors {
  /** §5's 'preencha todos os campos obrigatórios' is one message for many fields: shown once. */
  form?: string;
  /** Fields that are missing (marked invalid without repeating the message). */
  missing: RegisterField[];
  /** One message per field, the first the schema reports. */
  fields: Partial<Record<RegisterField, string>>;
}

const NO_ERRORS: RegisterErrors = { missing: [], fields: {} };

const isInvalid = (errors: RegisterErrors, field: RegisterField) =>
  errors.missing.includes(field) || errors.fields[field] !== undefined;

function check(accountType: AccountType, values: RegisterValues) {
  const result = RegisterFormSchema.safeParse({ ...values, accountType });
  if (result.success) return { data: result.data, errors: NO_ERRORS };
  const errors: RegisterErrors = { missing: [], fields: {} };
  const issues = result.error.issues.map((issue) => ({
    field: issue.path[0] as RegisterField,
    message: issue.message,
  }));
  for (const { field, message } of issues) {
    if (message !== registerMessages.requiredFields || errors.missing.includes(field)) continue;
    errors.form = message;
    errors.missing.push(field);
  }
  // An empty field also fails its format rules; 'fill it in' is the only thing to say about it.
  for (const { field, message } of issues) {
    if (!errors.missing.includes(field)) errors.fields[field] ??= message;
  }
  return { data: null, errors };
}

/**
 * The registration form's state, checked with the contract's RegisterFormSchema: on submit,
 * then on every change once a submit has failed, so fixed fields clear as the user types.
 */
export function useRegisterForm(accountType: AccountType) {
  const [values, setValues] = useState<RegisterValues>(EMPTY);
  const [errors, setErrors] = useState<RegisterErrors>(NO_ERRORS);
  const [attempted, setAttempted] = useState(false);

  function setField(field: RegisterField, value: string) {
    const next = { ...values, [field]: value };
    setValues(next);
    if (attempted) setErrors(check(accountType, next).errors);
  }

  /** The parsed form when valid; otherwise the first invalid field, with the errors on show. */
  function validate(): { data: RegisterForm } | { data: null; firstInvalid?: RegisterField } {
    setAttempted(true);
    const result = check(accountType, values);
    setErrors(result.errors);
    if (result.data) return { data: result.data };
    return { data: null, firstInvalid: FIELD_ORDER.find((f) => isInvalid(result.errors, f)) };
  }

  const invalid = (field: RegisterField) => isInvalid(errors, field);

  return { values, errors, setField, validate, invalid };
}
