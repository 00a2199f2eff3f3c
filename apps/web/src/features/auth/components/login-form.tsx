import { CircleAlert, LogIn } from 'lucide-react';
import { LoginRequestSchema } from '@vortex/core';
import { Link, useNavigate } from 'react-router';
import { useZodForm } from '../../../components/form/use-zod-form';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { PasswordInput } from '../../../components/ui/password-input';
import { Spinner } from '../../../components/ui/spinner';
import { paths } from '../../../config/paths';
import { useSession } from '../../../lib/session';
import { pingBridgeStatus, useLogin } from '../api/login';
import { authMessages as m } from '../messages';

export function LoginForm() {
  const { signIn } = useSession();
  const navigate = useNavigate();
  const form = useZodForm(LoginRequestSchema, { defaultValues: { email: '', password: '' } });
  const mutation = useLogin((session) => {
    signIn(session);
    pingBridgeStatus();
    void navigate(paths.dashboard.path, { replace: true });
  });

  // The inputs are `required` too; the contract catches a whitespace-only identifier.
  const missingFields = Object.keys(form.formState.errors).length > 0;
  const error = missingFields ? m.required : mutation.error?.message;
  return (
    <form
      onSubmit={form.submit((credentials) => {
        mutation.mutate(credentials);
      })}
      className="space-y-5"
    >
      {error && (
        <Alert variant="error">
          <CircleAlert aria-hidden />
          <span>{error}</span>
        </Alert>
      )}
      <div className="space-y-2">
        <Label htmlFor="login-email">{m.identifier}</Label>
        <Input
          id="login-email"
          {...form.register('email')}
          autoComplete="username"
          placeholder={m.identifierPlaceholder}
          required
          autoFocus
        />
      </div>
      <div className="space-y-2">
        <div className="flex items-center justify-between">
          <Label htmlFor="login-password">{m.password}</Label>
          <Link
            to={paths.forgotPassword.path}
            className="text-sm font-medium text-primary hover:underline"
          >
            {m.forgotPassword}
          </Link>
        </div>
        <PasswordInput
          id="login-password"
          {...form.register('password')}
          autoComplete="current-password"
          required
          showLabel={m.showPassword}
          hideLabel={m.hidePassword}
        />
      </div>
      <Button type="submit" size="lg" className="w-full" disabled={mutation.isPending}>
        {mutation.isPending ? <Spinner /> : <LogIn />}
        {mutation.isPending ? m.submitting : m.submit}
      </Button>
    </form>
  );
}
