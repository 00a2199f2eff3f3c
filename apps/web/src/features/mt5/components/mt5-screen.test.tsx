import { QueryClient } from '@tanstack/react-query';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, describe, expect, it } from 'vitest';
import { createQueryClient } from '../../../app/query-client';
import { json } from '../../../test/fake-api';
import { mt5Keys } from '../api/mt5-keys';
import { accountInfo, mt5Api, noAccount, offlineStatus, openMt5 } from '../mt5.fixtures';

// Sonner keeps its toasts in a module-wide store: one test's toasts must not show in the next.
afterEach(() => {
  toast.dismiss();
});

// pt-BR currency puts a no-break space after R$.
const brl = (text: string) => text.replace(' ', '\u00a0');
const region = (name: string) => screen.getByRole('region', { name });
const accountCard = async () =>
  (await screen.findByText('Informações da conta')).closest('div.rounded-xl') as HTMLElement;

describe('MT5 screen (trading.md §2 "MT5 configuration")', () => {
  it("shows the account's real values in reais", async () => {
    mt5Api();
    await openMt5();
    const card = await accountCard();
    await within(card).findByText('R$ 10.523,40');
    const value = (label: string) => within(card).getByText(label).nextElementSibling?.textContent;
    expect(value('Saldo')).toBe(brl('R$ 10.523,40'));
    expect(value('Patrimônio')).toBe(brl('R$ 10.687,15'));
    expect(value('Margem')).toBe(brl('R$ 1.250,00'));
    expect(value('Margem livre')).toBe(brl('R$ 9.437,15'));
    expect(value('Nível de margem')).toBe('854,97%');
    expect(value('Lucro/prejuízo aberto')).toBe(brl('-R$ 163,75'));
    expect(value('Moeda')).toBe('BRL');
    expect(value('Corretora')).toBe('XP Investimentos CCTVM S/A');
    expect(value('Servidor')).toBe('XPMT5-DEMO');
    expect(value('Atualizado em')).toBe('10/03/2025 10:05:09');
    expect(within(card).getByText('Demo · 51234567')).toBeTruthy();
  });

  it('follows the values the server sends, not fixed samples', async () => {
    const other = {
      ...accountInfo,
      account: { ...accountInfo.account, balance: 250000, equity: 251234.5, profit: 1234.5 },
    };
    mt5Api({ 'GET /mt5/account_info': () => json(other) });
    await openMt5();
    const card = await accountCard();
    expect(await within(card).findByText('R$ 250.000,00')).toBeTruthy();
    expect(within(card).getByText('R$ 251.234,50')).toBeTruthy();
    expect(within(card).getByText('R$ 1.234,50').className).toContain('text-success');
  });

  it('shows the installation and connection status, and fills the form from it', async () => {
    mt5Api();
    await openMt5();
    const installation = region('Instalação');
    expect(await within(installation).findByText('Bridge ativa')).toBeTruthy();
    expect(within(installation).getByText('Agente Vórtex conectado')).toBeTruthy();
    const connection = region('Conexão MT5');
    expect(within(connection).getByText('Conectado')).toBeTruthy();
    expect(within(connection).getByText('51234567')).toBeTruthy();
    expect(within(connection).getByText('XPMT5-DEMO')).toBeTruthy();
    expect(screen.getByLabelText<HTMLInputElement>('Login da conta').value).toBe('51234567');
    expect(screen.getByLabelText<HTMLSelectElement>('Servidor').value).toBe('XPMT5-DEMO');
    expect(screen.getByLabelText<HTMLInputElement>('URL da bridge').value).toBe(
      'http://localhost:8080',
    );
  });

  it('says when there is no account yet and no agent', async () => {
    mt5Api({
      'GET /api/mt5/status': () => json(offlineStatus),
      'GET /mt5/account_info': () => json(noAccount),
    });
    await openMt5();
    expect(await screen.findByText('Nenhuma conta MT5 ainda')).toBeTruthy();
    expect(screen.queryByText(/R\$/)).toBeNull();
    expect(await within(region('Instalação')).findByText('Bridge off')).toBeTruthy();
    expect(within(region('Instalação')).getByText(/Inicie o agente Vórtex/)).toBeTruthy();
    expect(within(region('Conexão MT5')).getByText('Desconectado')).toBeTruthy();
    // Nothing known: the form keeps its defaults.
    expect(screen.getByLabelText<HTMLInputElement>('Login da conta').value).toBe('');
    expect(screen.getByLabelText<HTMLSelectElement>('Servidor').value).toBe('XPMT5-DEMO');
  });

  it('types the server by hand when the terminal uses one off the list', async () => {
    mt5Api({
      'GET /api/mt5/status': () => json({ ...offlineStatus, server: 'Corretora-X' }),
    });
    await openMt5();
    const manual = await screen.findByLabelText<HTMLInputElement>('Nome do servidor');
    expect(manual.value).toBe('Corretora-X');
  });

  it('says when the status cannot be read, and retries', async () => {
    let failing = true;
    mt5Api({
      'GET /api/mt5/status': () =>
        failing
          ? json({ success: false, error: 'Sessão expirada' }, { status: 500 })
          : json(offlineStatus),
    });
    await openMt5();
    const alert = await screen.findByText(
      'Não foi possível consultar o estado do MT5: Sessão expirada',
    );
    failing = false;
    fireEvent.click(
      within(alert.parentElement as HTMLElement).getByRole('button', { name: 'Tentar novamente' }),
    );
    expect(await within(region('Instalação')).findByText('Bridge off')).toBeTruthy();
    expect(screen.queryByText(/Não foi possível consultar/)).toBeNull();
  });

  it('polls the status every 60 s and refreshes on demand', async () => {
    const queryClient: QueryClient = createQueryClient();
    const api = mt5Api();
    await openMt5({ queryClient });
    await screen.findByText('Bridge ativa');
    const query = queryClient.getQueryCache().find({ queryKey: mt5Keys.status });
    expect(query?.options).toMatchObject({ refetchInterval: 60_000 });
    // The layout's own badge may read the status too: count this screen's refresh only.
    const before = api.callsTo('/api/mt5/status').length;
    fireEvent.click(screen.getByRole('button', { name: 'Atualizar' }));
    await waitFor(() => {
      expect(api.callsTo('/api/mt5/status').length).toBeGreaterThan(before);
    });
    expect(api.callsTo('/mt5/account_info')).toHaveLength(2);
  });
});
