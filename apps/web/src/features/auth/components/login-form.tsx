import { CircleAlert, LogIn } from 'lucide-react';
import { useState, type SubmitEvent } from 'react';
import { Link, useNavigate } from 'react-router';
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
  const [missingFields, setMissingFields] = useState(false);
  const mutation = useLogin((session) => {
    signIn(session);
    pingBridgeStatus();
    void navigate(paths.dashboard.path, { replace: true });
  });

  function handleSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const field = (name: string) => {
      const value = form.get(name);
      return typeof value === 'string' ? value : '';
    };
    const email = field('email').trim();
    const password = field('password');
    // The inputs are `required` too; this catches a whitespace-only identifier.
    setMissingFields(!email || !password);
    if (!email || !password) return;
    mutation.mutate({ email, password });
  }

  const error = missingFields ? m.required : mutation.error?.message;
  return (
    <form onSubmit={handleSubmit} className="space-y-5">
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
          name="email"
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
          name="password"
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
