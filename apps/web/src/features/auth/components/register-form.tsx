import { CircleAlert, UserPlus } from 'lucide-react';
import type { SubmitEvent } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { useRegister, type RegisteredAccount } from '../api/register';
import { useRegisterForm, type AccountType } from '../hooks/use-register-form';
import { registerTexts as t } from '../messages';
import { AuthPage, BackToLoginLink } from './auth-page';
import { fieldId, RegisterFields } from './register-fields';

interface RegisterFormProps {
  accountType: AccountType;
  onCreated: (account: RegisteredAccount) => void;
}

/** Registration step 2 (access-and-admin.md §2, §5): the form, checked before it is sent. */
export function RegisterForm({ accountType, onCreated }: RegisterFormProps) {
  const form = useRegisterForm(accountType);
  const mutation = useRegister(onCreated);

  function handleSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const result = form.validate();
    if (!result.data) {
      mutation.reset();
      if (result.firstInvalid) document.getElementById(fieldId(result.firstInvalid))?.focus();
      return;
    }
    mutation.mutate(result.data);
  }

  const error = form.errors.form ?? mutation.error?.message;
  return (
    <AuthPage
      title={accountType === 'DEMO' ? t.titleDemo : t.titleReal}
      description={t.subtitle}
      wide
    >
      {/* noValidate: the spec's pt-BR messages replace the browser's own bubbles. */}
      <form noValidate onSubmit={handleSubmit} className="space-y-6">
        {error && (
          <Alert variant="error">
            <CircleAlert aria-hidden />
            <span>{error}</span>
          </Alert>
        )}
        <RegisterFields form={form} />
        <Button type="submit" size="lg" className="w-full" disabled={mutation.isPending}>
          {mutation.isPending ? <Spinner /> : <UserPlus />}
          {mutation.isPending ? t.submitting : t.submit}
        </Button>
        <p className="text-center">
          <BackToLoginLink />
        </p>
      </form>
    </AuthPage>
  );
}
