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
  /** A chart axis's short form: 'R$ 1,2 mil', 'US$ 300'. */
  compact: (value: number) => string;
}

function compactFormat(currency: string): (value: number) => string {
  try {
    const format = new Intl.NumberFormat('pt-BR', {
      style: 'currency',
      currency,
      notation: 'compact',
      minimumFractionDigits: 0,
      maximumFractionDigits: 1,
    });
    return (value) => format.format(value);
  } catch {
    // A code Intl does not know ('USDT'): the number, then the code, as formatMoney writes it.
    const format = new Intl.NumberFormat('pt-BR', {
      notation: 'compact',
      maximumFractionDigits: 1,
    });
    return (value) => `${format.format(value)}\u00a0${currency}`;
  }
}

function moneyIn(currency: string): Money {
  return {
    currency,
    format: (value) => formatMoney(value, currency),
    compact: compactFormat(currency),
  };
}

const brl: Money = moneyIn('BRL');

const MoneyContext = createContext<Money>(brl);

export function moneyOf(currency: string): Money {
  return currency === 'BRL' ? brl : moneyIn(currency);
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
