import { ForgotPasswordSchema } from '@vortex/core';
import { CircleAlert, MailCheck, Send } from 'lucide-react';
import { useState } from 'react';
import { useZodForm } from '../../../components/form/use-zod-form';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { Spinner } from '../../../components/ui/spinner';
import { useForgotPassword } from '../api/forgot-password';
import { recoveryTexts as t } from '../messages';
import { AuthPage, BackToLoginLink } from './auth-page';

/** /forgot-password (access-and-admin.md §2, §5, §8). */
export function ForgotPasswordScreen() {
  const [sent, setSent] = useState<string | null>(null);
  const form = useZodForm(ForgotPasswordSchema, { defaultValues: { email: '' } });
  const mutation = useForgotPassword((message) => {
    setSent(message);
    form.reset();
  });
  const invalid = form.formState.errors.email?.message;

  const handleSubmit = form.submit(
    ({ email }) => {
      setSent(null);
      mutation.mutate(email);
    },
    () => {
      setSent(null);
      mutation.reset();
    },
  );

  return (
    <AuthPage title={t.forgotTitle} description={t.forgotText}>
      <form noValidate onSubmit={handleSubmit} className="space-y-5">
        {sent && (
          <Alert variant="success">
            <MailCheck aria-hidden />
            <span>{sent}</span>
          </Alert>
        )}
        {mutation.error && (
          <Alert variant="error">
            <CircleAlert aria-hidden />
            <span>{mutation.error.message}</span>
          </Alert>
        )}
        <Field id="forgot-email" label={t.email} error={invalid}>
          {(describedBy) => (
            <Input
              id="forgot-email"
              type="email"
              autoComplete="email"
              placeholder={t.emailPlaceholder}
              required
              autoFocus
              aria-invalid={invalid ? true : undefined}
              aria-describedby={describedBy}
              {...form.register('email')}
            />
          )}
        </Field>
        <Button type="submit" size="lg" className="w-full" disabled={mutation.isPending}>
          {mutation.isPending ? <Spinner /> : <Send />}
          {mutation.isPending ? t.sending : t.send}
        </Button>
        <p className="text-center">
          <BackToLoginLink />
        </p>
      </form>
    </AuthPage>
  );
}
