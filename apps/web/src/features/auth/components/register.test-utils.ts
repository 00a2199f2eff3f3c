import { registerMessages } from '@vortex/core';
import { fireEvent, screen } from '@testing-library/react';
import { json } from '../../../test/fake-api';
import { renderApp } from '../../../test/render-app';

export const created =
  (accountType: 'DEMO' | 'REAL', email = 'joao.silva@exemplo.com.br') =>
  () =>
    json(
      {
        success: true,
        message: registerMessages.created,
        user: { email, username: 'joao_silva', account_type: accountType },
      },
      { status: 201 },
    );

export const valid = {
  'Nome completo': 'João da Silva',
  Email: 'Joao.Silva@exemplo.com.br',
  Telefone: '+55 11 91234-5678',
  'Data de nascimento': '1990-05-17',
  'Utiliza MT5?': 'SIM',
  Corretora: 'XP Investimentos',
  Senha: 'Forte@123',
  'Confirmar senha': 'Forte@123',
};

export function fill(values: Partial<typeof valid>) {
  for (const [label, value] of Object.entries(values)) {
    fireEvent.change(screen.getByLabelText(label), { target: { value } });
  }
}

export const submit = () => {
  fireEvent.click(screen.getByRole('button', { name: 'Criar conta' }));
};

export async function openForm(type: 'demo' | 'real' = 'demo') {
  const app = renderApp(`/register?type=${type}`);
  const title = type === 'demo' ? 'Criar Conta Teste Grátis 7 dias' : 'Criar Conta REAL';
  await screen.findByRole('heading', { level: 1, name: title });
  return app;
}
