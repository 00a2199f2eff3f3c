import { ChevronRight, Gift, ShieldCheck } from 'lucide-react';
import { useNavigate } from 'react-router';
import { paths } from '../../../config/paths';
import { authMessages as m } from '../messages';

const choices = [
  { type: 'real', label: m.realAccount, hint: m.realAccountHint, Icon: ShieldCheck },
  { type: 'demo', label: m.demoAccount, hint: m.demoAccountHint, Icon: Gift },
] as const;

/** Picking a type here skips the type step of the registration (access-and-admin.md §2). */
export function CreateAccountPanel() {
  const navigate = useNavigate();
  return (
    <section aria-labelledby="create-account-title" className="space-y-3">
      <div>
        <h2 id="create-account-title" className="text-sm font-semibold">
          {m.createAccountTitle}
        </h2>
        <p className="text-sm text-muted-foreground">{m.createAccountText}</p>
      </div>
      <div className="grid gap-3 sm:grid-cols-2">
        {choices.map(({ type, label, hint, Icon }) => (
          <button
            key={type}
            type="button"
            onClick={() => {
              void navigate(`${paths.register.path}?type=${type}`);
            }}
            className="group flex items-center gap-3 rounded-lg border border-border bg-background p-3 text-left transition-colors hover:border-primary/60 hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
          >
            <span className="grid size-9 shrink-0 place-items-center rounded-lg bg-primary/10 text-primary">
              <Icon aria-hidden className="size-4" />
            </span>
            <span className="min-w-0 flex-1">
              <span className="block text-sm font-semibold">{label}</span>
              <span className="block text-xs text-muted-foreground">{hint}</span>
            </span>
            <ChevronRight
              aria-hidden
              className="size-4 text-muted-foreground transition-transform group-hover:translate-x-0.5"
            />
          </button>
        ))}
      </div>
    </section>
  );
}
