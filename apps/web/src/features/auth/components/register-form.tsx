import { CircleAlert, UserPlus } from 'lucide-react';
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

  const handleSubmit = form.submit(
    (data) => {
      mutation.mutate(data);
    },
    (firstInvalid) => {
      mutation.reset();
      if (firstInvalid) document.getElementById(fieldId(firstInvalid))?.focus();
    },
  );

  const error = form.formError ?? mutation.error?.message;
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
