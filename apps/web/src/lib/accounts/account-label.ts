import {
  accountMessages as m,
  formatDatePtBR,
  formatDateTimePtBR,
  isTesterAccount,
  type AccountSummary,
} from '@vortex/core';

const TESTER_PREFIX = `${m.testerServer}: `;

/**
 * What the switcher lists: '541223056 · FTMO-Server4 · Importada'. A Strategy Tester report has
 * no login (number 0): it reads 'Testador · expert · symbol · period · inputs' instead.
 */
export function accountLabel(a: AccountSummary): string {
  if (isTesterAccount(a)) {
    return `${m.testerShort} · ${a.server.slice(TESTER_PREFIX.length)}`;
  }
  const number = a.account_number === 0 ? '' : `${a.account_number} · `;
  return `${number}${a.server} · ${m.kindLabel[a.kind]}`;
}

/** Whether an agent ever said hello for the account: only then has it anything live to show. */
export function hasAgent(a: AccountSummary | undefined): boolean {
  return a === undefined || a.last_hello_at !== null;
}

/**
 * Where an account's data came from and when: 'Importada de ReportHistory-123.xlsx em
 * 28/11/2026 14:05 · dados de 03/01/2022 a 30/12/2023'; null when no import fed it.
 */
export function accountSource(a: AccountSummary | undefined): string | null {
  const last = a?.last_import;
  if (!last) return null;
  const from = m.importedFrom(last.file_name, formatDateTimePtBR(last.at));
  if (last.from === null || last.to === null) return from;
  return `${from} · ${m.dataPeriod(formatDatePtBR(last.from), formatDatePtBR(last.to))}`;
}
