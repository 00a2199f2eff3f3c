import type { DeliveryDetail } from '@vortex/core';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json } from '../../../test/fake-api';
import { commApi, renderCentre } from '../communication.fixtures';

const detail = (over: Partial<DeliveryDetail>): DeliveryDetail => ({
  success: false,
  status: 'failed',
  channel: 'email',
  user_id: null,
  username: null,
  contact: '',
  error: null,
  ...over,
});

async function runTest(answer: object) {
  commApi({ 'POST /communication/test-channels': () => json(answer) });
  renderCentre();
  fireEvent.mouseDown(screen.getByRole('tab', { name: 'Teste de canais' }));
  fireEvent.change(screen.getByLabelText('Telefone de teste'), {
    target: { value: '+55 11 91234-5678' },
  });
  fireEvent.click(screen.getByRole('button', { name: 'Testar canais' }));
  return screen.findByRole('status', { name: 'Resultado' });
}

const rowOf = (panel: HTMLElement, channel: string) =>
  within(panel).getByText(channel).closest('li') as HTMLElement;

describe('channel test result (issue 14: sent, failed with why, or unavailable)', () => {
  it('names each channel: sent, failed with the reason, unavailable with the reason', async () => {
    const panel = await runTest({
      success: true,
      message: 'Teste enviado. Canais OK: Email',
      results: { email: true, sms: false, whatsapp: false },
      details: [
        detail({ success: true, status: 'sent', channel: 'email', contact: 'a@b.com' }),
        detail({
          channel: 'sms',
          contact: '5511912345678',
          error: 'O provedor de SMS recusou a mensagem (HTTP 503).',
        }),
        detail({
          status: 'unavailable',
          channel: 'whatsapp',
          contact: '5511912345678',
          error: 'WhatsApp desconectado: conecte-o na aba WhatsApp da Central de Comunicação.',
        }),
      ],
    });
    expect(within(panel).getByText('Sucesso')).toBeTruthy();
    expect(within(panel).getByText('Teste enviado. Canais OK: Email')).toBeTruthy();
    expect(within(rowOf(panel, 'Email')).getByText('Enviado')).toBeTruthy();
    const sms = rowOf(panel, 'SMS');
    expect(within(sms).getByText('Falhou')).toBeTruthy();
    expect(within(sms).getByText('O provedor de SMS recusou a mensagem (HTTP 503).')).toBeTruthy();
    const whatsapp = rowOf(panel, 'WhatsApp');
    expect(within(whatsapp).getByText('Indisponível')).toBeTruthy();
    expect(
      within(whatsapp).getByText(
        'WhatsApp desconectado: conecte-o na aba WhatsApp da Central de Comunicação.',
      ),
    ).toBeTruthy();
  });

  it('does not call a test that sent nothing a success', async () => {
    const panel = await runTest({
      success: false,
      message: 'Nenhum canal enviou o teste.',
      results: { email: false, sms: false, whatsapp: false },
      details: [
        detail({ status: 'skipped', channel: 'email', error: 'Email não informado.' }),
        detail({ channel: 'sms', contact: '5511912345678', error: 'Provedor de SMS inacessível.' }),
        detail({
          status: 'unavailable',
          channel: 'whatsapp',
          contact: '5511912345678',
          error: 'Serviço de WhatsApp indisponível neste servidor.',
        }),
      ],
    });
    expect(within(panel).getByText('Atenção')).toBeTruthy();
    expect(within(panel).queryByText('Sucesso')).toBeNull();
    expect(within(panel).getByText('Nenhum canal enviou o teste.')).toBeTruthy();
    expect(within(panel).queryByText(/Canais OK/)).toBeNull();
    expect(within(rowOf(panel, 'WhatsApp')).getByText('Indisponível')).toBeTruthy();
  });

  it('shows our pt-BR failure, never the HTTP status text, when a proxy answers', async () => {
    commApi({
      'POST /communication/test-channels': () =>
        new Response('<html>', { status: 502, statusText: 'Bad Gateway' }),
    });
    renderCentre();
    fireEvent.mouseDown(screen.getByRole('tab', { name: 'Teste de canais' }));
    fireEvent.change(screen.getByLabelText('Email de teste'), { target: { value: 'a@b.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Testar canais' }));
    const panel = await screen.findByRole('alert', { name: 'Resultado' });
    expect(within(panel).getByText('Falha ao executar teste')).toBeTruthy();
    expect(within(panel).queryByText(/Bad Gateway/)).toBeNull();
  });
});
