import { isStrongResetPassword, resetMessages } from '@vortex/core';
import { CircleAlert, KeyRound } from 'lucide-react';
import type { SubmitEvent } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { PasswordInput } from '../../../components/ui/password-input';
import { Spinner } from '../../../components/ui/spinner';
import { useResetPassword } from '../api/reset-password';
import { publicMessages, recoveryTexts as t } from '../messages';

interface ResetPasswordFormProps {
  token: string;
  email: string;
  onDone: (message: string) => void;
}

/** New password and confirmation; the rules show as the user types (§4, §5). */
export function ResetPasswordForm({ token, email, onDone }: ResetPasswordFormProps) {
  const form = useForm({ defaultValues: { password: '', confirmation: '' } });
  // Checked as the user types, from the values: an empty field says nothing yet.
  const [password, confirmation] = useWatch({
    control: form.control,
    name: ['password', 'confirmation'],
  });
  const mutation = useResetPassword(onDone);

  const strong = isStrongResetPassword(password);
  const matches = password === confirmation;
  const weakError = password && !strong ? resetMessages.weakPassword : undefined;
  const mismatchError = confirmation && !matches ? resetMessages.passwordsDiffer : undefined;
  const ready = strong && matches && !mutation.isPending;

  function handleSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (ready) mutation.mutate({ token, password });
  }

  const passwordProps = {
    showLabel: publicMessages.showPassword,
    hideLabel: publicMessages.hidePassword,
    autoComplete: 'new-password',
    required: true,
  };
  return (
    <form noValidate onSubmit={handleSubmit} className="space-y-5">
      <p className="rounded-lg border border-border bg-muted/50 px-3 py-2 text-sm">
        <span className="text-muted-foreground">{t.resetFor}</span>{' '}
        <span className="font-medium">{email}</span>
      </p>
      {mutation.error && (
        <Alert variant="error">
          <CircleAlert aria-hidden />
          <span>{mutation.error.message}</span>
        </Alert>
      )}
      <Field id="reset-password" label={t.newPassword} hint={t.resetHint} error={weakError}>
        {(describedBy) => (
          <PasswordInput
            id="reset-password"
            aria-invalid={weakError ? true : undefined}
            aria-describedby={describedBy}
            autoFocus
            {...form.register('password')}
            {...passwordProps}
          />
        )}
      </Field>
      <Field id="reset-confirmation" label={t.confirmNewPassword} error={mismatchError}>
        {(describedBy) => (
          <PasswordInput
            id="reset-confirmation"
            aria-invalid={mismatchError ? true : undefined}
            aria-describedby={describedBy}
            {...form.register('confirmation')}
            {...passwordProps}
          />
        )}
      </Field>
      <Button type="submit" size="lg" className="w-full" disabled={!ready}>
        {mutation.isPending ? <Spinner /> : <KeyRound />}
        {mutation.isPending ? t.resetSubmitting : t.resetSubmit}
      </Button>
    </form>
  );
}
