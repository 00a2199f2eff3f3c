import { accountMessages, type AccountSummary } from '@vortex/core';

/** '541223056 · FTMO-Server4 (Importada)': what the switcher lists. */
export function accountLabel(a: AccountSummary): string {
  const number = a.account_number === 0 ? '' : `${a.account_number} · `;
  return `${number}${a.server} (${accountMessages.kindLabel[a.kind]})`;
}
