import { MESSAGE_TEMPLATES } from '@vortex/core';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json } from '../../../test/fake-api';
import { commApi, renderCentre } from '../communication.fixtures';

const openTab = (name: string) => {
  fireEvent.mouseDown(screen.getByRole('tab', { name }));
};
const status =
  (connected: boolean, available = true) =>
  () =>
    json({
      success: true,
      baileys_available: available,
      data: {
        connected,
        state: connected ? 'connected' : 'waiting_qr',
        phone: connected ? '5511977776666' : null,
      },
    });

afterEach(() => {
  vi.useRealTimers();
});

describe('channel test (access-and-admin.md §2, §5)', () => {
  it('is disabled until an email or a phone is typed, and reports each channel', async () => {
    const api = commApi({
      'POST /communication/test-channels': () =>
        json({
          success: true,
          message: 'Teste enviado. Canais OK: Email, SMS',
          results: { email: true, sms: true, whatsapp: false },
          details: [
            {
              success: true,
              status: 'sent',
              channel: 'email',
              user_id: null,
              username: null,
              contact: 'a@b.com',
              error: null,
            },
            {
              success: true,
              status: 'sent',
              channel: 'sms',
              user_id: null,
              username: null,
              contact: '5511912345678',
              error: null,
            },
            {
              success: false,
              status: 'failed',
              channel: 'whatsapp',
              user_id: null,
              username: null,
              contact: '5511912345678',
              error: 'Serviço de WhatsApp indisponível neste servidor.',
            },
          ],
        }),
    });
    renderCentre();
    openTab('Teste de canais');
    const button = screen.getByRole<HTMLButtonElement>('button', { name: 'Testar canais' });
    expect(button.disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('Telefone de teste'), { target: { value: '  ' } });
    expect(button.disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('Telefone de teste'), {
      target: { value: '+55 11 91234-5678' },
    });
    expect(button.disabled).toBe(false);
    fireEvent.change(screen.getByLabelText('Email de teste'), { target: { value: 'a@b.com' } });
    fireEvent.click(button);
    const panel = await screen.findByRole('status', { name: 'Resultado' });
    expect(within(panel).getByText('Teste enviado. Canais OK: Email, SMS')).toBeTruthy();
    expect(
      within(panel).getByText('Serviço de WhatsApp indisponível neste servidor.'),
    ).toBeTruthy();
    expect(within(panel).getAllByText('Enviado')).toHaveLength(2);
    expect(api.callsTo('/communication/test-channels')[0]?.body).toEqual({
      email: 'a@b.com',
      phone: '+55 11 91234-5678',
    });
  });

  it('shows a failure under Erro, and Erro de conexão when the server is unreachable', async () => {
    commApi({
      'POST /communication/test-channels': () => Promise.reject(new TypeError('offline')),
    });
    renderCentre();
    openTab('Teste de canais');
    fireEvent.change(screen.getByLabelText('Email de teste'), { target: { value: 'a@b.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Testar canais' }));
    const panel = await screen.findByRole('alert', { name: 'Resultado' });
    expect(within(panel).getByText('Erro de conexão')).toBeTruthy();
  });
});

describe('templates (access-and-admin.md §2)', () => {
  it('shows the four templates with subject and the email, sms and whatsapp texts', async () => {
    commApi();
    renderCentre();
    openTab('Templates');
    const cards = await screen.findAllByRole('article');
    expect(cards.map((c) => c.getAttribute('aria-label'))).toEqual([
      'Boas-vindas',
      'Manutenção',
      'Alerta de mercado',
      'Segurança',
    ]);
    const security = within(cards[3] as HTMLElement);
    expect(security.getByText(MESSAGE_TEMPLATES.security.subject)).toBeTruthy();
    const regions = { email: 'Email', sms: 'SMS', whatsapp: 'WhatsApp' } as const;
    for (const [channel, name] of Object.entries(regions) as [keyof typeof regions, string][])
      expect(security.getByRole('region', { name }).textContent).toContain(
        MESSAGE_TEMPLATES.security[channel],
      );
  });
});

describe('WhatsApp (access-and-admin.md §2, §8)', () => {
  it('marks the service unavailable and disconnected when the status fails', async () => {
    commApi({
      'GET /alerts/whatsapp/status': () => json({ success: false, error: 'x' }, { status: 500 }),
    });
    renderCentre();
    openTab('WhatsApp');
    expect(await screen.findByText('Indisponível')).toBeTruthy();
    expect(screen.getByText('Desconectado')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Desconectar' })).toBeNull();
  });

  it('shows the QR with its steps and asks again every 10 s until connected', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let connected = false;
    const api = commApi({ 'GET /alerts/whatsapp/status': () => status(connected)() });
    renderCentre();
    openTab('WhatsApp');
    const qr = await screen.findByRole<HTMLImageElement>('img', {
      name: 'QR Code para conectar o WhatsApp',
    });
    expect(qr.getAttribute('src')).toBe('data:image/png;base64,AAAA');
    expect(qr.width).toBe(220);
    expect(screen.getByText('Toque em Aparelhos conectados.')).toBeTruthy();
    const asked = () => api.callsTo('/alerts/whatsapp/status').length;
    const before = asked();
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    await waitFor(() => {
      expect(asked()).toBe(before + 1);
    });
    connected = true;
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(await screen.findByText('Conectado')).toBeTruthy();
    const settled = asked();
    const qrCalls = api.callsTo('/alerts/whatsapp/qr').length;
    await act(() => vi.advanceTimersByTimeAsync(30_000));
    expect(asked()).toBe(settled);
    expect(api.callsTo('/alerts/whatsapp/qr').length).toBe(qrCalls);
  });

  it('disconnects when connected and reads the status again', async () => {
    let connected = true;
    const api = commApi({
      'GET /alerts/whatsapp/status': () => status(connected)(),
      'POST /alerts/whatsapp/disconnect': () => {
        connected = false;
        return json({ success: true, message: 'WhatsApp desconectado.' });
      },
    });
    renderCentre();
    openTab('WhatsApp');
    expect(await screen.findByText('Número vinculado: +5511977776666')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Desconectar' }));
    expect(await screen.findByText('Desconectado')).toBeTruthy();
    expect(api.callsTo('/alerts/whatsapp/disconnect')).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Desconectar' })).toBeNull();
  });

  it('waits for the QR with its text while none has come', async () => {
    commApi({
      'GET /alerts/whatsapp/qr': () =>
        json({
          success: true,
          data: { qr: null, connected: false, message: 'Gerando QR Code...' },
        }),
    });
    renderCentre();
    openTab('WhatsApp');
    expect(await screen.findByText('Aguardando QR Code...')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Atualizar status' })).toBeTruthy();
  });
});
