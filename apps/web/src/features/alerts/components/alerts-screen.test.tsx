import { defaultAlertsConfig, type AlertsConfig, type RecentAlert } from '@vortex/core';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, json, type FakeCall } from '../../../test/fake-api';
import { renderApp } from '../../../test/render-app';
import { makeUser, seedSession, traderUser } from '../../../test/session-fixtures';

const closed: RecentAlert = {
  id: 7,
  type: 'trade_close',
  title: 'Trade fechado: WINZ25 R$ 42,00',
  message: 'Posição #1001 de WINZ25 fechada com 1 contrato a 125.100,00: lucro de R$ 42,00.',
  timestamp: '2026-11-23T14:05:00.000Z',
  channels: [
    { channel: 'email', to: 'trader@exemplo.com', status: 'sent', error: null },
    {
      channel: 'sms',
      to: null,
      status: 'skipped',
      error: 'Sem endereço cadastrado para este canal',
    },
  ],
};

function alertsApi(
  opts: {
    config?: AlertsConfig;
    recent?: RecentAlert[];
    save?: (call: FakeCall) => Response | Promise<Response>;
    user?: typeof traderUser;
  } = {},
) {
  const user = opts.user ?? traderUser;
  seedSession(user);
  return fakeApi({
    'GET /api/auth/whoami': () => json({ success: true, user }),
    'GET /api/alerts/config': () =>
      json({ success: true, config: opts.config ?? defaultAlertsConfig() }),
    'GET /api/alerts/recent': () => json({ success: true, alerts: opts.recent ?? [] }),
    'POST /api/alerts/config': opts.save ?? (() => json({ success: true })),
    'GET /api/phone/confirmation': () =>
      json({
        success: true,
        data: { phone: user.phone, confirmed: true, confirmed_at: null, code_expires_at: null },
      }),
  });
}

async function open() {
  renderApp('/alerts');
  await screen.findByRole(
    'heading',
    { level: 1, name: 'Gerenciador de Alertas' },
    { timeout: 5000 },
  );
  return screen.findByRole('form', { name: 'Configuração de alertas' });
}

const toggle = (name: string) => screen.getByRole('switch', { name });

describe("'Gerenciador de Alertas' (trading.md §2, §8, §9)", () => {
  it('shows the defaults: every channel and type on, sound on, daily and weekly', async () => {
    alertsApi();
    await open();
    for (const channel of ['Email', 'SMS', 'WhatsApp'])
      expect(toggle(`Enviar alertas por ${channel}`).getAttribute('aria-checked')).toBe('true');
    for (const name of [
      'Abertura de Trade',
      'Fechamento de Trade',
      'Erro no MT5',
      'Perda de Conexão',
      'Relatório de Estatísticas',
      'Promoções e Novidades',
    ])
      expect(toggle(`Alertar: ${name}`).getAttribute('aria-checked')).toBe('true');
    expect(toggle('Tocar som nos alertas').getAttribute('aria-checked')).toBe('true');
    expect(screen.getByLabelText<HTMLSelectElement>('Relatório de estatísticas').value).toBe(
      'daily',
    );
    expect(screen.getByLabelText<HTMLSelectElement>('Promoções').value).toBe('weekly');
    expect(await screen.findByText('Nenhum alerta recente')).toBeTruthy();
  });

  it('saves the whole config and says so', async () => {
    const api = alertsApi();
    await open();
    fireEvent.click(toggle('Enviar alertas por SMS'));
    fireEvent.click(toggle('Alertar: Abertura de Trade'));
    fireEvent.change(screen.getByLabelText('Relatório de estatísticas'), {
      target: { value: 'monthly' },
    });
    fireEvent.change(screen.getByLabelText('Endereço de email'), {
      target: { value: 'outro@exemplo.com' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Salvar Configurações' }));
    expect(await screen.findByText('Configurações de alertas salvas com sucesso!')).toBeTruthy();
    const [saved] = api.callsTo('/api/alerts/config').filter((c) => c.method === 'POST');
    const expected = defaultAlertsConfig();
    expected.channels.sms = false;
    expected.alertTypes.trade_open.enabled = false;
    expected.statisticsFrequency = 'monthly';
    expected.email = 'outro@exemplo.com';
    expect(saved?.body).toEqual(expected);
  });

  it("shows the spec's failures: refused by the server, or no server at all", async () => {
    let answer: () => Response | Promise<Response> = () =>
      json({ success: false, error: 'Telefone inválido' }, { status: 400 });
    alertsApi({ save: () => answer() });
    await open();
    const saveButton = screen.getByRole('button', { name: 'Salvar Configurações' });
    fireEvent.click(saveButton);
    expect(await screen.findByText('Falha ao salvar configurações')).toBeTruthy();
    answer = () => Promise.reject(new TypeError('Failed to fetch'));
    fireEvent.click(saveButton);
    expect(await screen.findByText('Erro ao salvar configurações')).toBeTruthy();
  });

  it('checks the addresses before sending', async () => {
    const api = alertsApi();
    await open();
    fireEvent.change(screen.getByLabelText('Telefone (SMS)'), { target: { value: '12' } });
    fireEvent.click(screen.getByRole('button', { name: 'Salvar Configurações' }));
    expect(await screen.findByText(/Telefone inválido/)).toBeTruthy();
    expect(api.callsTo('/api/alerts/config').filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('lists recent alerts with each channel’s delivery', async () => {
    alertsApi({ recent: [closed] });
    await open();
    const list = screen.getByRole('region', { name: 'Alertas Recentes' });
    expect(await within(list).findByText(closed.title)).toBeTruthy();
    expect(within(list).getByText(closed.message)).toBeTruthy();
    expect(within(list).getByText('Email: Enviado')).toBeTruthy();
    expect(within(list).getByText('SMS: Sem destino')).toBeTruthy();
  });

  it('lets a viewer read but not save', async () => {
    alertsApi({ user: makeUser({ id: 9, role: 'viewer' }) });
    await open();
    await waitFor(() =>
      expect(screen.getByText(/pode ver os alertas, mas não alterar/)).toBeTruthy(),
    );
    expect(screen.queryByRole('button', { name: 'Salvar Configurações' })).toBeNull();
    expect((toggle('Enviar alertas por Email') as HTMLButtonElement).disabled).toBe(true);
  });
});
