import { todayIso } from '@vortex/core';
import type { ComponentProps } from 'react';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { NativeSelect } from '../../../components/ui/native-select';
import { PasswordInput } from '../../../components/ui/password-input';
import type { RegisterField, useRegisterForm } from '../hooks/use-register-form';
import { publicMessages, registerTexts as t } from '../messages';

type Form = ReturnType<typeof useRegisterForm>;

interface TextFieldProps extends Omit<ComponentProps<'input'>, 'form' | 'id' | 'value' | 'name'> {
  form: Form;
  field: RegisterField;
  label: string;
  hint?: string | undefined;
  password?: boolean;
  /** Take both columns of the grid. */
  wide?: boolean;
}

export const fieldId = (field: RegisterField) => `register-${field}`;

/** One input of the form, bound to its value and its error. */
function TextField({
  form,
  field,
  label,
  hint,
  password = false,
  wide = false,
  ...props
}: TextFieldProps) {
  const id = fieldId(field);
  const common = {
    id,
    'aria-invalid': form.invalid(field) || undefined,
    ...props,
    ...form.register(field),
  };
  return (
    <Field
      id={id}
      label={label}
      hint={hint}
      error={form.fieldError(field)}
      className={wide ? 'sm:col-span-2' : undefined}
    >
      {(describedBy) =>
        password ? (
          <PasswordInput
            {...common}
            aria-describedby={describedBy}
            showLabel={publicMessages.showPassword}
            hideLabel={publicMessages.hidePassword}
          />
        ) : (
          <Input {...common} aria-describedby={describedBy} />
        )
      }
    </Field>
  );
}

/**
 * The fields of §3. The form marks email, phone, birth date and both passwords required;
 * the full name carries no required flag (§5), though the submit check asks for it.
 */
export function RegisterFields({ form }: { form: Form }) {
  const answered = form.usesMT5 === 'SIM';
  return (
    <div className="grid gap-5 sm:grid-cols-2">
      <TextField
        form={form}
        field="fullName"
        label={t.fullName}
        placeholder={t.fullNamePlaceholder}
        autoComplete="name"
        wide
      />
      <TextField
        form={form}
        field="email"
        type="email"
        label={t.email}
        placeholder={t.emailPlaceholder}
        autoComplete="email"
        required
      />
      <TextField
        form={form}
        field="phone"
        type="tel"
        label={t.phone}
        hint={t.phoneHint}
        placeholder={t.phonePlaceholder}
        autoComplete="tel"
        required
      />
      <TextField
        form={form}
        field="dateOfBirth"
        type="date"
        label={t.dateOfBirth}
        max={todayIso()}
        autoComplete="bday"
        required
      />
      <Field id={fieldId('usesMT5')} label={t.usesMt5} error={form.fieldError('usesMT5')}>
        {(describedBy) => (
          <NativeSelect
            id={fieldId('usesMT5')}
            aria-invalid={form.invalid('usesMT5') || undefined}
            aria-describedby={describedBy}
            required
            {...form.register('usesMT5')}
          >
            <option value="">{t.usesMt5Choose}</option>
            <option value="SIM">{t.usesMt5Yes}</option>
            <option value="NAO">{t.usesMt5No}</option>
          </NativeSelect>
        )}
      </Field>
      <TextField
        form={form}
        field="broker"
        label={t.broker}
        placeholder={t.brokerPlaceholder}
        hint={answered ? undefined : t.brokerDisabledHint}
        disabled={!answered}
        required={answered}
        wide
      />
      <TextField
        form={form}
        field="password"
        password
        label={t.password}
        hint={t.passwordHint}
        autoComplete="new-password"
        required
      />
      <TextField
        form={form}
        field="confirmPassword"
        password
        label={t.confirmPassword}
        autoComplete="new-password"
        required
      />
    </div>
  );
}
