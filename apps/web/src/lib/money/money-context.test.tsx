import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SymbolsTable } from '../../features/statistics/components/symbols-table';
import { MoneyProvider, moneyOf } from './money-context';

const symbols = [{ symbol: 'XAUUSD', trades: 3, wins: 2, win_rate: 66.67, profit: -728.44 }];

describe('amounts in the account currency (issue 26)', () => {
  it('writes a USD account in dollars and, outside any account, in reais', () => {
    const { unmount } = render(
      <MoneyProvider currency="USD">
        <SymbolsTable symbols={symbols} />
      </MoneyProvider>,
    );
    expect(screen.getByText(/^-US\$\s728,44$/)).toBeTruthy();
    expect(screen.queryByText(/R\$/)).toBeNull();
    unmount();
    render(<SymbolsTable symbols={symbols} />);
    expect(screen.getByText(/^-R\$\s728,44$/)).toBeTruthy();
  });
});

describe('a chart axis in the account currency', () => {
  it('writes short amounts with the account currency, and a code Intl lacks after them', () => {
    expect(moneyOf('USD').compact(300)).toMatch(/^US\$\s300$/);
    expect(moneyOf('BRL').compact(1_200)).toMatch(/^R\$\s1,2\smil$/);
    expect(moneyOf('USDT').compact(1_200)).toMatch(/^1,2\smil\sUSDT$/);
  });
});
