export { accountLabel } from './account-label';
export { accountsKey, useAccounts, useChooseAccount, useCurrentAccount } from './use-accounts';
