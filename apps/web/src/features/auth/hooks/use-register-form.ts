import { registerMessages, RegisterFormSchema, type RegisterForm } from '@vortex/core';
import { useWatch } from 'react-hook-form';
import { useZodForm } from '../../../components/form/use-zod-form';

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

/**
 * The registration form, checked with the contract's RegisterFormSchema: on submit, then on
 * every change once a submit has failed, so fixed fields clear as the user types.
 */
export function useRegisterForm(accountType: AccountType) {
  const form = useZodForm(RegisterFormSchema, {
    defaultValues: { ...EMPTY, accountType },
    recheckAfterSubmit: true,
  });
  const usesMT5 = useWatch({ control: form.control, name: 'usesMT5' });
  const { errors } = form.formState;
  // §5's 'preencha todos os campos obrigatórios' is one message for many fields: shown once, above
  // the form, and the empty fields are only marked invalid. An empty field's first issue is that
  // one, so its format rules say nothing about it.
  const missing = (field: RegisterField) =>
    errors[field]?.message === registerMessages.requiredFields;

  return {
    register: form.register,
    usesMT5,
    formError: FIELD_ORDER.some(missing) ? registerMessages.requiredFields : undefined,
    fieldError: (field: RegisterField) => (missing(field) ? undefined : errors[field]?.message),
    invalid: (field: RegisterField) => errors[field] !== undefined,
    /** The submit handler; an invalid form focuses its first invalid field in screen order. */
    submit: (onValid: (data: RegisterForm) => void, onInvalid: (first?: RegisterField) => void) =>
      form.submit(onValid, (invalid) => {
        onInvalid(FIELD_ORDER.find((field) => invalid.includes(field)));
      }),
  };
}
