import { fireEvent, screen, waitFor } from '@testing-library/react';
import { endpoints } from '@vortex/core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json } from '../../../test/fake-api';
import { freezeClock, openStatistics, statisticsApi, stats } from '../statistics.fixtures';

beforeEach(() => {
  freezeClock();
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
});
afterEach(() => {
  vi.useRealTimers();
});

// An imported account whose deals run from 03/01/2022 to 30/12/2023 (São Paulo days).
const oldSpan = {
  success: true,
  first_deal_at: Date.UTC(2022, 0, 3, 13),
  last_deal_at: Date.UTC(2023, 11, 30, 18),
};
const spanRoute = `GET ${endpoints.trading.historySpan.path}`;
const lastQuery = (api: ReturnType<typeof statisticsApi>) =>
  Object.fromEntries(api.queriesTo('/dashboard/stats').at(-1) ?? []);

describe('/statistics over any period (issue 26)', () => {
  it('opens an old account on its whole history and says how old its data is', async () => {
    const api = statisticsApi(stats, { [spanRoute]: () => json(oldSpan) });
    await openStatistics();
    expect(await screen.findByText('Dados de 03/01/2022 a 30/12/2023')).toBeTruthy();
    await screen.findByTestId('statistics-period');
    // Never the empty month first: the only request is the whole history.
    expect(api.queriesTo('/dashboard/stats').map((q) => Object.fromEntries(q))).toEqual([
      { start: '1970-01-01' },
    ]);
    expect(
      screen.getByRole('button', { name: 'Todo o histórico' }).getAttribute('aria-pressed'),
    ).toBe('true');
    expect(screen.getByTestId('statistics-period').textContent).toBe('Todo o histórico');
    // The custom fields start on the account's own days.
    expect(screen.getByLabelText('De')).toHaveProperty('value', '03/01/2022');
    expect(screen.getByLabelText('Até')).toHaveProperty('value', '30/12/2023');
  });

  it("asks a custom 'De / Até' as São Paulo days and shows it", async () => {
    const api = statisticsApi();
    await openStatistics();
    await screen.findByTestId('statistics-period');
    expect(lastQuery(api)).toEqual({ days: '30' });
    fireEvent.change(screen.getByLabelText('De'), { target: { value: '03/01/2022' } });
    fireEvent.change(screen.getByLabelText('Até'), { target: { value: '30/12/2023' } });
    fireEvent.click(screen.getByRole('button', { name: 'Aplicar' }));
    await waitFor(() => {
      expect(lastQuery(api)).toEqual({ start: '2022-01-03', end: '2023-12-30' });
    });
    expect((await screen.findByTestId('statistics-period')).textContent).toBe(
      'De 03/01/2022 a 30/12/2023',
    );
    expect(screen.getByRole('button', { name: '30 dias' }).getAttribute('aria-pressed')).toBe(
      'false',
    );
  });

  it("asks 'Todo o histórico' from the history's start, and a preset goes back to days", async () => {
    const api = statisticsApi();
    await openStatistics();
    await screen.findByTestId('statistics-period');
    fireEvent.click(screen.getByRole('button', { name: 'Todo o histórico' }));
    await waitFor(() => {
      expect(lastQuery(api)).toEqual({ start: '1970-01-01' });
    });
    fireEvent.click(screen.getByRole('button', { name: '7 dias' }));
    await waitFor(() => {
      expect(lastQuery(api)).toEqual({ days: '7' });
    });
  });
});
