import { ChevronRight, Gift, ShieldCheck } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import type { AccountType } from '../hooks/use-register-form';
import { registerTexts as t } from '../messages';
import { AuthPage } from './auth-page';

const choices = [
  { type: 'REAL', label: t.realOption, hint: t.realOptionHint, Icon: ShieldCheck },
  { type: 'DEMO', label: t.demoOption, hint: t.demoOptionHint, Icon: Gift },
] as const;

/** Registration step 1 (access-and-admin.md §2): real or demo. */
export function AccountTypeStep({ onChoose }: { onChoose: (type: AccountType) => void }) {
  return (
    <AuthPage title={t.chooseTitle} description={t.chooseText}>
      <div className="space-y-6">
        <div className="grid gap-3">
          {choices.map(({ type, label, hint, Icon }) => (
            <button
              key={type}
              type="button"
              onClick={() => {
                onChoose(type);
              }}
              className="group flex items-center gap-4 rounded-xl border border-border bg-background p-4 text-left transition-colors hover:border-primary/60 hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
            >
              <span className="grid size-11 shrink-0 place-items-center rounded-lg bg-primary/10 text-primary">
                <Icon aria-hidden className="size-5" />
              </span>
              <span className="min-w-0 flex-1">
                <span className="block font-semibold">{label}</span>
                <span className="block text-sm text-muted-foreground">{hint}</span>
              </span>
              <ChevronRight
                aria-hidden
                className="size-4 text-muted-foreground transition-transform group-hover:translate-x-0.5"
              />
            </button>
          ))}
        </div>
        <p className="text-center">
          <Link to={paths.login.path} className="text-sm font-medium text-primary hover:underline">
            {t.haveAccount}
          </Link>
        </p>
      </div>
    </AuthPage>
  );
}
