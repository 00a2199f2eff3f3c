import type { AccountSummary } from '@vortex/core';
import { describe, expect, it } from 'vitest';
import { accountLabel, accountSource, hasAgent } from './account-label';

const base: AccountSummary = {
  id: 1,
  kind: 'imported',
  account_number: 541_223_056,
  server: 'FTMO-Server4',
  company: 'FTMO',
  currency: 'USD',
  last_hello_at: null,
  last_import: null,
};

describe('account labels and sources', () => {
  it('names an account by login and server, and a tester report by what it tested, never "Conta 0"', () => {
    expect(accountLabel(base)).toBe('541223056 · FTMO-Server4 · Importada');
    expect(accountLabel({ ...base, kind: 'live' })).toBe('541223056 · FTMO-Server4 · Ao vivo');
    const tester = {
      ...base,
      account_number: 0,
      server: 'Testador de Estratégia: Vortex · WIN$N · M5 · 1a2b3c',
    };
    expect(accountLabel(tester)).toBe('Testador · Vortex · WIN$N · M5 · 1a2b3c');
  });

  it('says where an imported account’s data came from and when, in São Paulo time', () => {
    expect(accountSource(base)).toBeNull();
    const imported = {
      ...base,
      last_import: {
        at: '2026-11-28T17:05:00.000Z',
        file_name: 'ReportHistory-123.xlsx',
        from: Date.parse('2022-01-03T15:00:00Z'),
        to: Date.parse('2023-12-30T15:00:00Z'),
      },
    };
    expect(accountSource(imported)).toBe(
      'Importada de ReportHistory-123.xlsx em 28/11/2026 14:05 · dados de 03/01/2022 a 30/12/2023',
    );
    expect(
      accountSource({
        ...imported,
        last_import: { ...imported.last_import, file_name: null, from: null, to: null },
      }),
    ).toBe('Importada em 28/11/2026 14:05');
  });

  it('has live controls only for an account an agent said hello for', () => {
    expect(hasAgent(base)).toBe(false);
    expect(hasAgent({ ...base, kind: 'live', last_hello_at: '2026-11-28T17:05:00.000Z' })).toBe(
      true,
    );
    // Unknown yet (still loading): as before, the live screens.
    expect(hasAgent(undefined)).toBe(true);
  });
});
