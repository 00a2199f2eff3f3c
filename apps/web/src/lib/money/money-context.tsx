import { formatMoney } from '@vortex/core';
import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { useCurrentAccount } from '../accounts';

// Every amount a trading screen shows is in the account's deposit currency (issue 26): a USD
// account reads 'US$ 99.524,23', never 'R$'. The layout provides the current account's currency;
// outside it (tests of one component, screens without an account) amounts are in reais.

export interface Money {
  /** The account's ISO code ('BRL', 'USD'…). */
  currency: string;
  /** 'R$ 1.234,56', 'US$ 1.234,56' as pt-BR writes the currency. */
  format: (value: number) => string;
}

const brl: Money = { currency: 'BRL', format: (value) => formatMoney(value, 'BRL') };

const MoneyContext = createContext<Money>(brl);

export function moneyOf(currency: string): Money {
  return currency === 'BRL' ? brl : { currency, format: (value) => formatMoney(value, currency) };
}

/** Amounts in `currency` for what is inside (tests, a screen showing another account). */
export function MoneyProvider({ currency, children }: { currency: string; children: ReactNode }) {
  const money = useMemo(() => moneyOf(currency), [currency]);
  return <MoneyContext.Provider value={money}>{children}</MoneyContext.Provider>;
}

/** Amounts in the currency of the account the trading screens read. */
export function CurrentAccountMoney({ children }: { children: ReactNode }) {
  const account = useCurrentAccount();
  return <MoneyProvider currency={account?.currency || 'BRL'}>{children}</MoneyProvider>;
}

/** The formatter of the account's currency: `const money = useMoney(); money.format(v)`. */
export function useMoney(): Money {
  return useContext(MoneyContext);
}
