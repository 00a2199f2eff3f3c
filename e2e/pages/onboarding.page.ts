import type { Locator, Page } from 'playwright-core';

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The onboarding overlay on /dashboard, found by its pt-BR texts. */
export class OnboardingOverlay {
  static readonly title = 'Conecte sua conta MT5';
  static readonly steps = [
    'Baixe o agente',
    'Instale como administrador',
    'Aguarde o claim inicial',
    'Abra o MT5',
    'Verifique o pareamento',
  ];

  constructor(private readonly page: Page) {}

  dialog(): Locator {
    return this.page.getByRole('dialog', { name: OnboardingOverlay.title });
  }

  title(): Locator {
    return this.dialog().getByRole('heading', { name: OnboardingOverlay.title });
  }

  help(): Locator {
    return this.dialog().getByRole('button', { name: 'Ajuda' });
  }

  helpRegion(): Locator {
    return this.dialog().getByRole('region', { name: 'Como instalar a bridge' });
  }

  step(label: string): Locator {
    return this.dialog().getByText(label, { exact: false }).first();
  }

  download(): Locator {
    return this.dialog().getByRole('button', { name: 'Baixar agente (ZIP)' });
  }

  pairWithToken(): Locator {
    return this.dialog().getByRole('link', { name: 'Prefiro parear com um token' });
  }

  /** Scrolls the control into view (inside the overlay) and says where it landed. */
  async reach(control: Locator): Promise<Box> {
    await control.scrollIntoViewIfNeeded();
    const box = await control.boundingBox();
    if (!box) throw new Error('not rendered');
    return box;
  }
}
