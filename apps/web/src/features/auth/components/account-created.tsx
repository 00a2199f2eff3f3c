import { CircleCheck, Clock, LifeBuoy, LogIn } from 'lucide-react';
import { useNavigate } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { paths } from '../../../config/paths';
import type { RegisteredAccount } from '../api/register';
import { ACCOUNT_CREATED_REDIRECT_SECONDS } from '../constants';
import { useCountdown } from '../hooks/use-countdown';
import { createdTexts as t, publicMessages } from '../messages';
import { AuthPage } from './auth-page';

/** After registration (access-and-admin.md §2): what was created, what comes next. */
export function AccountCreated({ account }: { account: RegisteredAccount }) {
  const navigate = useNavigate();
  const toLogin = () => {
    void navigate(paths.login.path, { replace: true });
  };
  const seconds = useCountdown(ACCOUNT_CREATED_REDIRECT_SECONDS, toLogin);
  const demo = account.account_type === 'DEMO';

  return (
    <AuthPage title={t.title}>
      <div className="space-y-6">
        <div className="mx-auto grid size-14 place-items-center rounded-full bg-success/15 text-success">
          <CircleCheck aria-hidden className="size-7" />
        </div>
        <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-2 rounded-lg border border-border bg-muted/50 p-4 text-sm">
          <dt className="text-muted-foreground">{t.accountType}</dt>
          <dd className="font-semibold">{account.account_type}</dd>
          <dt className="text-muted-foreground">{t.email}</dt>
          <dd className="font-semibold break-all">{account.email}</dd>
          <dt className="text-muted-foreground">{t.activation}</dt>
          <dd className="font-semibold">{demo ? t.activationDemo : t.activationReal}</dd>
        </dl>
        <Alert>
          <Clock aria-hidden />
          <span>{t.processing}</span>
        </Alert>
        <section aria-labelledby="next-steps" className="space-y-2">
          <h2 id="next-steps" className="text-sm font-semibold">
            {t.nextStepsTitle}
          </h2>
          <ol className="list-decimal space-y-1 pl-5 text-sm text-muted-foreground">
            {t.nextSteps.map((step) => (
              <li key={step}>{step}</li>
            ))}
            {demo && <li>{t.demoNote}</li>}
          </ol>
        </section>
        <p className="flex items-start gap-2 text-sm text-muted-foreground">
          <LifeBuoy aria-hidden className="mt-0.5 size-4 shrink-0" />
          <span>
            {t.supportTitle} {t.supportText}{' '}
            <a
              href={`mailto:${publicMessages.supportEmail}`}
              className="font-medium text-primary hover:underline"
            >
              {publicMessages.supportEmail}
            </a>
            .
          </span>
        </p>
        <div className="space-y-3 text-center">
          <Button size="lg" className="w-full" onClick={toLogin}>
            <LogIn />
            {publicMessages.backToLogin}
          </Button>
          <p role="timer" className="text-xs text-muted-foreground">
            {t.countdown(seconds)}
          </p>
        </div>
      </div>
    </AuthPage>
  );
}
