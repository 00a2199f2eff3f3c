import { CircleCheck, RotateCw, TriangleAlert } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { paths } from '../../../config/paths';
import { TokenCheckError, useResetTokenCheck } from '../api/reset-password';
import { RESET_REDIRECT_MS } from '../constants';
import { recoveryTexts as t } from '../messages';
import { AuthPage, BackToLoginLink } from './auth-page';
import { ResetPasswordForm } from './reset-password-form';

function InvalidToken({ message, onRetry }: { message: string; onRetry?: () => void }) {
  return (
    <AuthPage title={t.invalidTitle}>
      <div className="space-y-5 text-center">
        <div className="mx-auto grid size-14 place-items-center rounded-full bg-destructive/10 text-destructive">
          <TriangleAlert aria-hidden className="size-7" />
        </div>
        <p role="alert" className="text-sm">
          {message}
        </p>
        {onRetry && (
          <Button variant="outline" onClick={onRetry}>
            <RotateCw />
            {t.retry}
          </Button>
        )}
        <Button asChild className="w-full">
          <Link to={paths.forgotPassword.path}>{t.requestNewLink}</Link>
        </Button>
        <BackToLoginLink />
      </div>
    </AuthPage>
  );
}

/** /reset-password?token=: validating, then the form or 'Token Inválido' (§2, §4, §8). */
export function ResetPasswordScreen() {
  const [params] = useSearchParams();
  const token = params.get('token') || null;
  const check = useResetTokenCheck(token);
  const navigate = useNavigate();
  const [done, setDone] = useState<string | null>(null);

  useEffect(() => {
    if (done === null) return;
    const timer = setTimeout(() => {
      void navigate(paths.login.path, { replace: true });
    }, RESET_REDIRECT_MS);
    return () => {
      clearTimeout(timer);
    };
  }, [done, navigate]);

  if (!token) return <InvalidToken message={t.missingToken} />;
  if (check.isPending) {
    return (
      <AuthPage title={t.resetTitle}>
        <div role="status" className="flex items-center justify-center gap-3 py-6">
          <Spinner className="text-primary" />
          <span className="text-sm text-muted-foreground">{t.validating}</span>
        </div>
      </AuthPage>
    );
  }
  if (check.isError) {
    const retryable = check.error instanceof TokenCheckError && check.error.retryable;
    return (
      <InvalidToken
        message={check.error.message}
        {...(retryable ? { onRetry: () => void check.refetch() } : {})}
      />
    );
  }
  return (
    <AuthPage title={t.resetTitle} description={done ? undefined : t.resetText}>
      {done ? (
        <div className="space-y-4">
          <Alert variant="success">
            <CircleCheck aria-hidden />
            <span>{done}</span>
          </Alert>
          <p role="status" className="text-center text-sm text-muted-foreground">
            {t.redirecting}
          </p>
        </div>
      ) : (
        <ResetPasswordForm token={token} email={check.data} onDone={setDone} />
      )}
    </AuthPage>
  );
}
