export { accountLabel, accountSource, hasAgent } from './account-label';
export { accountsKey, useAccounts, useChooseAccount, useCurrentAccount } from './use-accounts';
