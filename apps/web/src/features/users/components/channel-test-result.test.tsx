import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json } from '../../../test/fake-api';
import { click, openUsers, rowOf, usersApi } from '../users.fixtures';

const disconnected = 'WhatsApp desconectado: conecte-o na aba WhatsApp da Central de Comunicação.';

async function testChannel(button: string, channel: string, answer: object) {
  usersApi({ [`POST /users/20/test/${channel}`]: () => json(answer) });
  await openUsers('active');
  click(rowOf('Carlos Ativo'), button);
}

describe('a user’s channel test result (issue 14: sent, failed with why, or unavailable)', () => {
  it('says a disconnected WhatsApp is unavailable and why, not "Canais OK: nenhum"', async () => {
    await testChannel('WhatsApp', 'whatsapp', {
      success: false,
      message: 'Nenhum canal enviou o teste.',
      results: { whatsapp: { success: false, status: 'unavailable', error: disconnected } },
    });
    expect(await screen.findByText('Nenhum canal enviou o teste.')).toBeTruthy();
    const reason = screen.getByText(/WhatsApp desconectado: conecte-o/);
    expect(reason.closest('li')?.textContent).toBe(`WhatsApp: indisponível — ${disconnected}`);
    expect(screen.queryByText(/Canais OK/)).toBeNull();
  });

  it('names a failed SMS with its reason', async () => {
    await testChannel('SMS', 'sms', {
      success: false,
      message: 'Nenhum canal enviou o teste.',
      results: {
        sms: {
          success: false,
          status: 'failed',
          error: 'O provedor de SMS recusou a mensagem (HTTP 500).',
        },
      },
    });
    const reason = await screen.findByText(/O provedor de SMS recusou/);
    expect(reason.closest('li')?.textContent).toBe(
      'SMS: falhou — O provedor de SMS recusou a mensagem (HTTP 500).',
    );
  });

  it('names a sent channel by its label', async () => {
    await testChannel('Email', 'email', {
      success: true,
      message: 'Teste enviado.',
      results: { email: { success: true, status: 'sent' } },
    });
    const toast = await screen.findByText('Teste enviado. Canais OK: Email');
    expect(within(toast.closest('li') ?? toast).queryByText(/falhou|indisponível/)).toBeNull();
  });
});
