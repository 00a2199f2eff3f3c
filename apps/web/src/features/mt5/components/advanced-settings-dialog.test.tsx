import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, describe, expect, it } from 'vitest';
import { ADVANCED_SETTINGS_KEY } from '../hooks/advanced-settings';
import { mt5Api, openMt5 } from '../mt5.fixtures';

// Sonner keeps its toasts in a module-wide store: one test's toasts must not show in the next.
afterEach(() => {
  toast.dismiss();
});

function openDialog() {
  fireEvent.click(screen.getByRole('button', { name: 'Configurações avançadas' }));
  return screen.getByRole('dialog', { name: 'Configurações avançadas' });
}
const input = (dialog: HTMLElement, label: string) =>
  within(dialog).getByLabelText<HTMLInputElement>(label);
const change = (dialog: HTMLElement, label: string, value: string) => {
  fireEvent.change(input(dialog, label), { target: { value } });
};
const stored = () => JSON.parse(localStorage.getItem(ADVANCED_SETTINGS_KEY) ?? 'null') as unknown;

describe('advanced settings (trading.md §2, §5, §9)', () => {
  it('starts from the defaults: 30000 ms, 3 retries, logging and auto-reconnect on', async () => {
    mt5Api();
    await openMt5();
    const dialog = openDialog();
    expect(input(dialog, 'Tempo limite (ms)').value).toBe('30000');
    expect(input(dialog, 'Tentativas').value).toBe('3');
    expect(input(dialog, 'Registrar logs da conexão').checked).toBe(true);
    expect(input(dialog, 'Reconectar automaticamente').checked).toBe(true);
  });

  it('refuses values out of range and stores nothing', async () => {
    mt5Api();
    await openMt5();
    const dialog = openDialog();
    change(dialog, 'Tempo limite (ms)', '4999');
    change(dialog, 'Tentativas', '11');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(
      await within(dialog).findByText('O tempo limite deve ficar entre 5000 e 60000 ms.'),
    ).toBeTruthy();
    expect(within(dialog).getByText('As tentativas devem ficar entre 1 e 10.')).toBeTruthy();
    expect(stored()).toBeNull();
  });

  it('saves in this browser, closes, and opens with what was saved', async () => {
    mt5Api();
    await openMt5();
    let dialog = openDialog();
    change(dialog, 'Tempo limite (ms)', '60000');
    change(dialog, 'Tentativas', '1');
    fireEvent.click(input(dialog, 'Registrar logs da conexão'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Configurações avançadas salvas.')).toBeTruthy();
    await waitFor(() => {
      expect(screen.queryByRole('dialog')).toBeNull();
    });
    expect(stored()).toEqual({
      timeout: 60000,
      maxRetries: 1,
      enableLogging: false,
      autoReconnect: true,
    });
    dialog = openDialog();
    expect(input(dialog, 'Tempo limite (ms)').value).toBe('60000');
    expect(input(dialog, 'Registrar logs da conexão').checked).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Restaurar padrão' }));
    expect(input(dialog, 'Tempo limite (ms)').value).toBe('30000');
    expect(input(dialog, 'Registrar logs da conexão').checked).toBe(true);
  });

  it('drops unsaved edits on cancel, and ignores a damaged stored value', async () => {
    localStorage.setItem(ADVANCED_SETTINGS_KEY, '{"timeout": 99}');
    mt5Api();
    await openMt5();
    let dialog = openDialog();
    expect(input(dialog, 'Tempo limite (ms)').value).toBe('30000');
    change(dialog, 'Tentativas', '7');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => {
      expect(screen.queryByRole('dialog')).toBeNull();
    });
    dialog = openDialog();
    expect(input(dialog, 'Tentativas').value).toBe('3');
  });
});
