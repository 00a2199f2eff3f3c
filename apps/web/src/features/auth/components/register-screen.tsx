import { useState } from 'react';
import { useSearchParams } from 'react-router';
import type { RegisteredAccount } from '../api/register';
import type { AccountType } from '../hooks/use-register-form';
import { AccountCreated } from './account-created';
import { AccountTypeStep } from './account-type-step';
import { RegisterForm } from './register-form';

/** The login page passes ?type=real|demo; anything else means the type is still to choose. */
function typeFromQuery(value: string | null): AccountType | null {
  const type = value?.toUpperCase();
  return type === 'REAL' || type === 'DEMO' ? type : null;
}

/** /register: type step, form, then the account-created screen (access-and-admin.md §4). */
export function RegisterScreen() {
  const [params, setParams] = useSearchParams();
  const [account, setAccount] = useState<RegisteredAccount | null>(null);
  const accountType = typeFromQuery(params.get('type'));

  if (account) return <AccountCreated account={account} />;
  if (!accountType) {
    return (
      <AccountTypeStep
        onChoose={(type) => {
          // In the URL, so the browser's back button returns to the choice.
          setParams({ type: type.toLowerCase() });
        }}
      />
    );
  }
  return <RegisterForm key={accountType} accountType={accountType} onCreated={setAccount} />;
}
