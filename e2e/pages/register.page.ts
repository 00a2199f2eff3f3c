import type { Page } from 'playwright-core';

export interface NewAccount {
  fullName: string;
  email: string;
  phone: string;
  dateOfBirth: string;
  broker: string;
  password: string;
}

/** Registration step 2 and the account-created screen, found by their pt-BR texts. */
export class RegisterPage {
  constructor(private readonly page: Page) {}

  async fill(a: NewAccount): Promise<void> {
    const p = this.page;
    await p.getByLabel('Nome completo').fill(a.fullName);
    await p.getByLabel('Email').fill(a.email);
    await p.getByLabel('Telefone').fill(a.phone);
    await p.getByLabel('Data de nascimento').fill(a.dateOfBirth);
    await p.getByLabel('Utiliza MT5?').selectOption({ label: 'Sim' });
    await p.getByLabel('Corretora').fill(a.broker);
    await p.getByLabel('Senha', { exact: true }).fill(a.password);
    await p.getByLabel('Confirmar senha', { exact: true }).fill(a.password);
  }

  async submit(): Promise<void> {
    await this.page.getByRole('button', { name: 'Criar conta', exact: true }).click();
  }

  async waitForCreated(): Promise<void> {
    await this.page.getByText('Conta criada com sucesso!').waitFor();
  }
}
