import { mkdir } from 'node:fs/promises';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { LoginPage } from './pages/login.page.js';
import { OnboardingOverlay, type Box } from './pages/onboarding.page.js';
import { startAgent, type AgentProcess } from './support/agent-process.js';
import { launchBrowser, newPinnedContext } from './support/browser.js';
import { registerApprovedTrader } from './support/new-trader.js';
import { PHONE_SHOTS_DIR, PHONE_VIEWPORT, setTheme, shoot, type Theme } from './support/screens.js';

const webUrl = inject('webUrl');
const apiUrl = inject('apiUrl');
const stamp = Date.now().toString(36);
const trader = {
  fullName: 'Luana Prado',
  email: `luana.${stamp}@exemplo.com.br`,
  phone: '+55 31 95555-2468',
  dateOfBirth: '1993-11-02',
  broker: 'Genial Investimentos',
  password: 'Celular@2026',
};
const { width, height } = PHONE_VIEWPORT;
const RAIL = 64;
const THEMES: Theme[] = ['light', 'dark'];

// The routes of apps/web/src/app/route-table.tsx with the title each screen shows.
const PUBLIC = [
  ['login', 'Entrar'],
  ['register', 'Criar Conta'],
  ['forgot-password', 'Recuperar Senha'],
  // Without a token from the mail it says the link is invalid: that is the screen a visit shows.
  ['reset-password', /Redefinir Senha|Token Inválido/],
] as const;
const TRADER = [
  ['welcome', 'Bem-vindo ao Vórtex'],
  ['dashboard', 'Dashboard'],
  ['statistics', 'Estatísticas Reais MT5'],
  ['trades', 'Trades Reais MT5'],
  ['settings', 'Parametrização VórtexBot'],
  ['backtest', 'Backtest'],
  ['alerts', 'Gerenciador de Alertas'],
  ['reports', 'Relatórios de Trading'],
  ['impostos', 'Imposto de Renda'],
] as const;
const ADMIN_ONLY = [
  // /fibonacci opens the bot configuration at its Fibonacci card.
  ['fibonacci', 'Parametrização VórtexBot'],
  ['mt5', 'Configuração MT5'],
  ['backup', 'Backup'],
  ['users', 'Gerenciamento de Usuários'],
  ['bridge', 'Bridge MT5 - Pareamento'],
  ['bridge-admin', 'Controle Bridge (Admin)'],
] as const;

let browser: Browser;
const contexts: BrowserContext[] = [];
let traderPage: Page;
let adminPage: Page;
let agent: AgentProcess | undefined;

async function phonePage(): Promise<Page> {
  const context = await newPinnedContext(browser, {
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
    viewport: PHONE_VIEWPORT,
    isMobile: true,
    hasTouch: true,
  });
  contexts.push(context);
  return context.newPage();
}

const inViewport = (b: Box, w = width, h = height) =>
  b.y >= 0 && b.y + b.height <= h && b.x >= 0 && b.x + b.width <= w;

const onboardingRemembered = (page: Page) =>
  page.waitForFunction(() => localStorage.getItem('onboarding_completed_full') === 'true');

beforeAll(async () => {
  browser = await launchBrowser();
  traderPage = await phonePage();
  adminPage = await phonePage();
});
afterAll(async () => {
  await agent?.stop();
  await browser.close();
});

// One journey in order, all at 390×844: each step starts where the previous one left off.
describe('the first screens on a phone (issue 14)', () => {
  it('a new trader registers and an admin approves the account from the phone', async () => {
    await registerApprovedTrader(traderPage, adminPage, webUrl, trader);
  });

  it('reaches every control of the onboarding overlay, beside the rail, inside the screen', async () => {
    await traderPage.goto(`${webUrl}/login`);
    await new LoginPage(traderPage).login(trader.email, trader.password);
    await traderPage.waitForURL(/\/dashboard$/);
    const overlay = new OnboardingOverlay(traderPage);
    await overlay.dialog().waitFor();

    // The overlay fits the screen and starts right of the forced sidebar rail.
    const frame = await overlay.dialog().boundingBox();
    const rail = await traderPage.getByTestId('sidebar').boundingBox();
    expect(frame && rail).toBeTruthy();
    if (!frame || !rail) return;
    expect(rail.width).toBe(RAIL);
    expect(frame.x).toBeGreaterThanOrEqual(rail.x + rail.width);
    expect(frame.y).toBeGreaterThanOrEqual(0);
    expect(frame.x + frame.width).toBeLessThanOrEqual(width);
    expect(frame.y + frame.height).toBeLessThanOrEqual(height);

    // Every control can be scrolled to and lands on the screen.
    expect(inViewport(await overlay.reach(overlay.title()))).toBe(true);
    expect(inViewport(await overlay.reach(overlay.help()))).toBe(true);
    await overlay.help().click();
    await overlay.helpRegion().waitFor();
    expect(inViewport(await overlay.reach(overlay.helpRegion().getByRole('heading')))).toBe(true);
    await mkdir(PHONE_SHOTS_DIR, { recursive: true });
    await traderPage.screenshot({ path: `${PHONE_SHOTS_DIR}/onboarding-help.png` });
    for (const step of OnboardingOverlay.steps) {
      expect(inViewport(await overlay.reach(overlay.step(step)))).toBe(true);
    }
    expect(inViewport(await overlay.reach(overlay.download()))).toBe(true);
    const [download] = await Promise.all([
      traderPage.waitForEvent('download'),
      overlay.download().click(),
    ]);
    expect(download.suggestedFilename()).toBe('VortexBridge.zip');
    await traderPage.getByText('Aguardando primeiro heartbeat da bridge (auto-claim)...').waitFor();
    expect(inViewport(await overlay.reach(overlay.pairWithToken()))).toBe(true);
    await traderPage.screenshot({ path: `${PHONE_SHOTS_DIR}/onboarding-bottom.png` });
    // Back at the top: the title is reachable again after scrolling down.
    expect(inViewport(await overlay.reach(overlay.title()))).toBe(true);
    await traderPage.screenshot({ path: `${PHONE_SHOTS_DIR}/onboarding-top.png` });
    // The rail's theme switch stays usable beside the overlay: the same screen in dark.
    await traderPage.getByRole('button', { name: 'Ativar tema escuro' }).click();
    await traderPage.screenshot({
      path: `${PHONE_SHOTS_DIR}/onboarding-top-dark.png`,
      animations: 'disabled',
    });
    await traderPage.getByRole('button', { name: 'Ativar tema claro' }).click();
  });

  it('at 1440 px the overlay sits beside the full sidebar, light and dark', async () => {
    const context = await newPinnedContext(browser, {
      locale: 'pt-BR',
      timezoneId: 'America/Sao_Paulo',
      viewport: { width: 1440, height: 900 },
    });
    contexts.push(context);
    const desk = await context.newPage();
    await desk.goto(`${webUrl}/login`);
    await new LoginPage(desk).login(trader.email, trader.password);
    await desk.waitForURL(/\/dashboard$/);
    const overlay = new OnboardingOverlay(desk);
    await overlay.dialog().waitFor();
    const frame = await overlay.dialog().boundingBox();
    const sidebar = await desk.getByTestId('sidebar').boundingBox();
    expect(frame && sidebar && frame.x >= sidebar.x + sidebar.width).toBe(true);
    expect(inViewport(await overlay.reach(overlay.title()), 1440, 900)).toBe(true);
    await desk.screenshot({ path: `${PHONE_SHOTS_DIR}/desktop-onboarding-light.png` });
    await desk.getByRole('button', { name: 'Ativar tema escuro' }).click();
    await desk.screenshot({
      path: `${PHONE_SHOTS_DIR}/desktop-onboarding-dark.png`,
      animations: 'disabled',
    });
    await desk.getByRole('button', { name: 'Ativar tema claro' }).click();
  });

  it('pairs on /welcome and lands on a dashboard with no overlay', async () => {
    await new OnboardingOverlay(traderPage).pairWithToken().click();
    await traderPage.waitForURL(/\/welcome$/);
    await traderPage.getByRole('button', { name: 'Gerar Token de Pareamento' }).click();
    const tokenBox = traderPage.getByTestId('pairing-token');
    await tokenBox.waitFor();
    agent = await startAgent(apiUrl, (await tokenBox.textContent())?.trim() ?? '');
    await traderPage.getByText('Conectado!').waitFor({ timeout: 60_000 });
    await traderPage.waitForURL(/\/dashboard$/, { timeout: 15_000 });
    await onboardingRemembered(traderPage);
    await traderPage.getByText('Bridge: Conectado').waitFor();
    expect(await new OnboardingOverlay(traderPage).dialog().count()).toBe(0);
  });

  it('in a new browser the connected trader never sees the overlay', async () => {
    const fresh = await phonePage();
    await fresh.goto(`${webUrl}/login`);
    await new LoginPage(fresh).login(trader.email, trader.password);
    await fresh.waitForURL(/\/dashboard$/);
    await onboardingRemembered(fresh);
    expect(await new OnboardingOverlay(fresh).dialog().count()).toBe(0);
    expect(await fresh.getByTestId('sidebar').getAttribute('data-forced')).toBeNull();
  });

  it('/welcome, already connected, shows the connection and the way to the dashboard', async () => {
    await traderPage.goto(`${webUrl}/welcome`);
    await traderPage.getByText('Conectado!').waitFor();
    await traderPage.getByRole('link', { name: 'Acessar Dashboard' }).click();
    await traderPage.waitForURL(/\/dashboard$/);
  });

  it('an admin on the phone: users as cards, the role question translated, the toast clear of the badge', async () => {
    const overlaps = (a: Box, b: Box) =>
      a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
    for (const theme of THEMES) {
      await setTheme(adminPage, theme);
      await adminPage.goto(`${webUrl}/users`);
      await adminPage.getByRole('tab', { name: /Usuários ativos/ }).click();
      const card = adminPage.getByRole('listitem').filter({ hasText: trader.email });
      await card.waitFor();
      // Every key fact of the row is on the card, on the screen, without sideways scrolling.
      for (const control of [
        card.getByRole('group', { name: 'Testar canais' }),
        card.getByLabel('Alterar role'),
        card.getByRole('button', { name: 'Editar' }),
      ]) {
        const box = await new OnboardingOverlay(adminPage).reach(control);
        expect(inViewport(box)).toBe(true);
      }
      await adminPage.screenshot({ path: `${PHONE_SHOTS_DIR}/${theme}-admin-users-active.png` });

      await card.getByLabel('Alterar role').selectOption('viewer');
      const question = adminPage.getByRole('alertdialog');
      await question
        .getByText('Tem certeza que deseja alterar a role para "Visualizador"?')
        .waitFor();
      const box = await question.boundingBox();
      expect(box && inViewport(box)).toBe(true);
      await adminPage.screenshot({ path: `${PHONE_SHOTS_DIR}/${theme}-admin-users-role.png` });
      await question.getByRole('button', { name: 'Cancelar' }).click();

      await adminPage.getByRole('button', { name: 'Central de Comunicação' }).click();
      const centre = adminPage.getByRole('dialog');
      await centre.getByRole('tab', { name: 'Mensagens manuais' }).waitFor();
      const close = await centre.getByRole('button', { name: 'Fechar' }).first().boundingBox();
      expect(close && inViewport(close)).toBe(true);
      await adminPage.screenshot({ path: `${PHONE_SHOTS_DIR}/${theme}-admin-communication.png` });
      await centre.getByRole('button', { name: 'Fechar' }).first().click();

      await adminPage.goto(`${webUrl}/bridge-admin`);
      const sessions = adminPage.getByRole('region', { name: 'Sessões Bridge' });
      await sessions.getByRole('button', { name: 'Limpar sessões/tokens' }).click();
      await adminPage.getByRole('alertdialog').getByRole('button', { name: 'Limpar' }).click();
      const toast = adminPage.getByText(/^Limpeza concluída/).first();
      await toast.waitFor();
      const toastBox = await toast.boundingBox();
      const badge = await adminPage
        .getByText(/^Bridge: /)
        .first()
        .boundingBox();
      expect(toastBox && badge).toBeTruthy();
      if (toastBox && badge) expect(overlaps(toastBox, badge)).toBe(false);
      await adminPage.screenshot({ path: `${PHONE_SHOTS_DIR}/${theme}-admin-cleanup-toast.png` });
    }
  });

  it('saves every screen at phone width, light and dark, none wider than the phone', async () => {
    const overflowing: string[] = [];
    const logOut = await phonePage();
    for (const theme of THEMES) {
      for (const [page, list, who] of [
        [logOut, PUBLIC, 'public'],
        [traderPage, TRADER, 'trader'],
        [adminPage, [...TRADER, ...ADMIN_ONLY], 'admin'],
      ] as const) {
        if (!page.url().startsWith(webUrl)) await page.goto(`${webUrl}/login`);
        await setTheme(page, theme);
        for (const [route, title] of list) {
          const shot = await shoot(page, `${webUrl}/${route}`, title, `${theme}-${who}-${route}`);
          if (shot.overflow > 0) overflowing.push(`${theme} ${who} /${route}: ${shot.overflow}px`);
        }
      }
    }
    expect(overflowing).toEqual([]);
    // About 40 screens, each waiting for its calls to settle.
  }, 300_000);
});
