import { MESSAGE_TEMPLATES } from '@vortex/core';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json } from '../../../test/fake-api';
import { commApi, recipients, renderCentre } from '../communication.fixtures';

const sendButton = () => screen.getByRole<HTMLButtonElement>('button', { name: 'Enviar mensagem' });
const type = (label: string, value: string) => {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
};
const summary = (key: string) => screen.getByTestId(`summary-${key}`).textContent;
const usersList = () => screen.getByRole('list', { name: 'Lista de usuários' });

async function openManual() {
  renderCentre();
  await within(usersList()).findByText('ana_demo');
}

describe('manual messages (access-and-admin.md §2, §5)', () => {
  it('asks for a message and, for email only, a subject before sending', async () => {
    commApi();
    await openManual();
    expect(screen.getByText('⚠️ Digite uma mensagem para enviar')).toBeTruthy();
    expect(screen.getByText('⚠️ Digite um assunto para o email')).toBeTruthy();
    expect(sendButton().disabled).toBe(true);
    type('Mensagem', 'Olá a todos');
    expect(screen.queryByText('⚠️ Digite uma mensagem para enviar')).toBeNull();
    expect(sendButton().disabled).toBe(true);
    type('Assunto', 'Aviso');
    expect(sendButton().disabled).toBe(false);
    type('Tipo de mensagem', 'sms');
    expect(screen.queryByLabelText('Assunto')).toBeNull();
    expect(screen.queryByText('⚠️ Digite um assunto para o email')).toBeNull();
    expect(sendButton().disabled).toBe(false);
    type('Mensagem', '   ');
    expect(sendButton().disabled).toBe(true);
  });

  it('fills subject and text from a quick template, per channel, and sums up the send', async () => {
    commApi();
    await openManual();
    await waitFor(() => {
      expect(screen.getByLabelText<HTMLSelectElement>('Template rápido (opcional)').disabled).toBe(
        false,
      );
    });
    type('Template rápido (opcional)', 'maintenance');
    expect(screen.getByLabelText<HTMLInputElement>('Assunto').value).toBe(
      MESSAGE_TEMPLATES.maintenance.subject,
    );
    expect(screen.getByLabelText<HTMLTextAreaElement>('Mensagem').value).toBe(
      MESSAGE_TEMPLATES.maintenance.email,
    );
    expect(summary('Tipo')).toBe('Email');
    // The pending account is not a recipient: 'all' means accounts in use.
    expect(summary('Destinatários')).toBe('Todos os usuários (2)');
    expect(summary('Assunto')).toBe(MESSAGE_TEMPLATES.maintenance.subject);
    expect(summary('Caracteres')).toBe(String(MESSAGE_TEMPLATES.maintenance.email.length));
    type('Tipo de mensagem', 'whatsapp');
    expect(screen.getByLabelText<HTMLTextAreaElement>('Mensagem').value).toBe(
      MESSAGE_TEMPLATES.maintenance.whatsapp,
    );
    expect(screen.queryByTestId('summary-Assunto')).toBeNull();
  });

  it('picks recipients with the panel buttons, chips and search', async () => {
    commApi();
    await openManual();
    expect(within(usersList()).queryByText('caio_pend')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Somente demo' }));
    expect(summary('Destinatários')).toBe('1 usuário selecionado');
    fireEvent.click(screen.getByRole('button', { name: 'Somente real' }));
    expect(screen.getByRole('button', { name: 'Remover bruno_real' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Selecionar todos' }));
    expect(summary('Destinatários')).toBe('2 usuários selecionados');
    fireEvent.click(screen.getByRole('button', { name: 'Remover ana_demo' }));
    expect(summary('Destinatários')).toBe('1 usuário selecionado');
    fireEvent.click(screen.getByRole('button', { name: 'Todos' }));
    expect(summary('Destinatários')).toBe('Todos os usuários (2)');
    type('Buscar usuários', '98888');
    expect(within(usersList()).getAllByRole('listitem')).toHaveLength(1);
    expect(within(usersList()).getByText('bruno_real')).toBeTruthy();
    fireEvent.click(screen.getByRole('checkbox', { name: 'bruno_real' }));
    expect(summary('Destinatários')).toBe('1 usuário selecionado');
    fireEvent.click(screen.getByRole('button', { name: 'Limpar' }));
    expect(summary('Destinatários')).toBe('Todos os usuários (2)');
    expect(within(usersList()).getAllByRole('listitem')).toHaveLength(2);
  });

  it('sends to the chosen users and shows each recipient in the result panel', async () => {
    const api = commApi({
      'POST /communication/send-manual': () =>
        json({
          success: false,
          message: 'Mensagens enviadas: 1 de 2.',
          details: [
            {
              success: true,
              status: 'sent',
              channel: 'sms',
              user_id: 2,
              username: 'bruno_real',
              contact: '5511988887777',
              error: null,
            },
            {
              success: false,
              status: 'skipped',
              channel: 'sms',
              user_id: 1,
              username: 'ana_demo',
              contact: '',
              error: 'Usuário sem telefone cadastrado.',
            },
          ],
        }),
    });
    await openManual();
    type('Tipo de mensagem', 'sms');
    type('Mensagem', ' Bom dia ');
    fireEvent.click(screen.getByRole('button', { name: 'Selecionar todos' }));
    fireEvent.click(sendButton());
    const panel = await screen.findByRole('status', { name: 'Resultado' });
    expect(within(panel).getByText('Sucesso')).toBeTruthy();
    expect(within(panel).getByText('Mensagens enviadas: 1 de 2.')).toBeTruthy();
    expect(within(panel).getByText('Usuário sem telefone cadastrado.')).toBeTruthy();
    expect(within(panel).getByText('Sem contato')).toBeTruthy();
    expect(api.callsTo('/communication/send-manual')[0]?.body).toEqual({
      type: 'sms',
      recipients: [1, 2],
      subject: null,
      message: 'Bom dia',
    });
  });

  it('shows the server error in a red panel titled Erro, and all users as "all"', async () => {
    const api = commApi({
      'POST /communication/send-manual': () =>
        json({ success: false, error: 'Nenhum usuário disponível para envio' }, { status: 400 }),
    });
    await openManual();
    type('Assunto', 'Oi');
    type('Mensagem', 'Teste');
    fireEvent.click(sendButton());
    const panel = await screen.findByRole('alert', { name: 'Resultado' });
    expect(within(panel).getByText('Erro')).toBeTruthy();
    expect(within(panel).getByText('Nenhum usuário disponível para envio')).toBeTruthy();
    expect(api.callsTo('/communication/send-manual')[0]?.body).toMatchObject({ recipients: 'all' });
  });

  it('warns and stays disabled when there is nobody to send to', async () => {
    commApi({}, recipients.slice(2));
    renderCentre();
    expect(await screen.findByText('❌ Nenhum usuário disponível para envio')).toBeTruthy();
    type('Assunto', 'Oi');
    type('Mensagem', 'Teste');
    expect(sendButton().disabled).toBe(true);
  });
});
