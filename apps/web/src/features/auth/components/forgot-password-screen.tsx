import { ForgotPasswordSchema } from '@vortex/core';
import { CircleAlert, MailCheck, Send } from 'lucide-react';
import { useState, type SubmitEvent } from 'react';
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
  const [email, setEmail] = useState('');
  const [invalid, setInvalid] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);
  const mutation = useForgotPassword((message) => {
    setSent(message);
    setEmail('');
  });

  function handleSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    setSent(null);
    const parsed = ForgotPasswordSchema.safeParse({ email });
    if (!parsed.success) {
      mutation.reset();
      setInvalid(parsed.error.issues[0]?.message ?? null);
      return;
    }
    setInvalid(null);
    mutation.mutate(parsed.data.email);
  }

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
        <Field id="forgot-email" label={t.email} error={invalid ?? undefined}>
          {(describedBy) => (
            <Input
              id="forgot-email"
              name="email"
              type="email"
              autoComplete="email"
              placeholder={t.emailPlaceholder}
              required
              autoFocus
              value={email}
              aria-invalid={invalid ? true : undefined}
              aria-describedby={describedBy}
              onChange={(event) => {
                setEmail(event.target.value);
              }}
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
