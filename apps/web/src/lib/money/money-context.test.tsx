import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SymbolsTable } from '../../features/statistics/components/symbols-table';
import { MoneyProvider } from './money-context';

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
