import { AllAccountsScreen } from '../../features/all-accounts';

export function Component() {
  return <AllAccountsScreen />;
}
