import {
  CURRENT_SERIES_SYMBOL,
  DEFAULT_BOT_CONFIG,
  defaultBotConfig,
  currentWinSymbol,
  type BotConfig,
} from '@vortex/core';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, json, type FakeCall } from '../../../test/fake-api';
import { renderApp } from '../../../test/render-app';
import { adminUser, makeUser, seedSession, traderUser } from '../../../test/session-fixtures';
import type { SessionUser } from '../../../lib/session/session.schema';

type Handlers = Record<string, (call: FakeCall) => Response | Promise<Response>>;

const saved = (): BotConfig => {
  const c = defaultBotConfig();
  c.general.symbol = 'WINF26';
  c.di_crossover.enabled = false;
  c.rsi_contrary.oversold = 25;
  return c;
};

function botApi(handlers: Handlers = {}, user: SessionUser = traderUser) {
  seedSession(user);
  return fakeApi({
    'GET /api/auth/whoami': () => json({ success: true, user }),
    'GET /bot/config': () => json({ success: true, config: saved() }),
    'POST /bot/config': () => json({ success: true }),
    ...handlers,
  });
}

async function open(path = '/settings') {
  const app = renderApp(path);
  await screen.findByRole(
    'heading',
    { level: 1, name: 'Parametrização VórtexBot' },
    { timeout: 5000 },
  );
  await screen.findByRole('form', { name: 'Configuração do bot' }, { timeout: 4000 });
  return app;
}

const card = (name: string) => screen.getByRole('region', { name });
const input = (region: string, label: string) =>
  within(card(region)).getByLabelText<HTMLInputElement>(label);
const select = (label: string) =>
  within(card('Configurações gerais')).getByLabelText<HTMLSelectElement>(label);
const type = (el: HTMLElement, value: string) => fireEvent.change(el, { target: { value } });
const posts = (api: ReturnType<typeof fakeApi>) =>
  api.callsTo('/bot/config').filter((c) => c.method === 'POST');
const save = () => fireEvent.click(screen.getByRole('button', { name: 'Salvar configuração' }));

describe("'Parametrização VórtexBot' (trading.md §2, §3, §8)", () => {
  it("loads the user's configuration and says so", async () => {
    botApi();
    await open();
    expect(await screen.findByText('✅ Configuração carregada')).toBeTruthy();
    expect(input('Configurações gerais', 'Símbolo').value).toBe('WINF26');
    expect(input('RSI Contrário', 'Sobrevendido').value).toBe('25');
    expect(within(card('Fibonacci')).getByText('Magic 135000')).toBeTruthy();
    expect(within(card('Bandas de Bollinger')).getByText('Magic 141000')).toBeTruthy();
  });

  it('uses the defaults when loading fails', async () => {
    botApi({ 'GET /bot/config': () => json({ success: false, error: 'x' }, { status: 500 }) });
    await open();
    expect(
      await screen.findByText('⚠️ Usando configuração padrão', {}, { timeout: 4000 }),
    ).toBeTruthy();
    // The default follows the current series (the spec's WINZ25 has expired).
    expect(select('Contrato').value).toBe('current');
    expect(within(card('Configurações gerais')).queryByLabelText('Símbolo')).toBeNull();
    expect(input('Cruzamento TEMA', 'Período').value).toBe('9');
  });

  it('shows number inputs with the §5 steps and bounds', async () => {
    botApi();
    await open();
    const volume = input('Fibonacci', 'Volume (contratos)');
    expect([volume.type, volume.step]).toEqual(['number', '0.01']);
    expect(input('Cruzamento TEMA', 'Relação risco/retorno').step).toBe('0.1');
    expect(input('Canal ATR', 'Multiplicador do ATR').step).toBe('0.1');
    expect(input('Bandas de Bollinger', 'Desvio padrão').step).toBe('0.1');
    const max = input('Configurações gerais', 'Máximo de trades por dia');
    expect([max.min, max.max]).toEqual(['1', '100']);
  });

  it("the enabled toggle shows or hides a card's parameters", async () => {
    botApi();
    await open();
    const di = card('Cruzamento DI');
    expect(within(di).queryByLabelText('Período do ADX')).toBeNull();
    fireEvent.click(within(di).getByRole('switch', { name: 'Ativar Cruzamento DI' }));
    expect(within(di).getByLabelText('Período do ADX')).toBeTruthy();
    const fib = card('Fibonacci');
    fireEvent.click(within(fib).getByRole('switch', { name: 'Ativar Fibonacci' }));
    expect(within(fib).queryByLabelText('Janela do swing (barras)')).toBeNull();
  });

  it('saves the full configuration and confirms it is stored in the cloud database', async () => {
    const api = botApi();
    await open();
    type(input('Configurações gerais', 'Símbolo'), 'wing26');
    type(input('Cruzamento TEMA', 'Relação risco/retorno'), '2.5');
    type(input('Fibonacci', 'Offset do magic'), '7000');
    expect(within(card('Fibonacci')).getByText('Magic 142000')).toBeTruthy();
    save();
    expect(
      await screen.findByText('✅ Configuração salva no banco de dados na nuvem'),
    ).toBeTruthy();
    const [post] = posts(api);
    const want = saved();
    want.general.symbol = 'WING26';
    want.tema_crossover.reward_ratio = 2.5;
    want.fibonacci.magic_offset = 7000;
    expect(post?.body).toEqual(want);
  });

  it('offers the mini-index contract trading today when another WIN contract is set', async () => {
    const current = currentWinSymbol(Date.now());
    const api = botApi();
    await open();
    const general = card('Configurações gerais');
    expect(
      within(general).getByText(`Contrato vigente do mini-índice: ${current}.`, { exact: false }),
    ).toBeTruthy();
    fireEvent.click(within(general).getByRole('button', { name: `Usar ${current}` }));
    expect(input('Configurações gerais', 'Símbolo').value).toBe(current);
    expect(within(general).queryByText(/Contrato vigente/)).toBeNull();
    save();
    expect(
      await screen.findByText('✅ Configuração salva no banco de dados na nuvem'),
    ).toBeTruthy();
    expect((posts(api)[0]?.body as BotConfig).general.symbol).toBe(current);
    // Another instrument is the trader's choice: no hint.
    type(input('Configurações gerais', 'Símbolo'), 'WDOF27');
    expect(within(general).queryByText(/Contrato vigente/)).toBeNull();
  });

  it("lets the trader choose 'Série vigente (WINxNN)' or a fixed symbol", async () => {
    const current = currentWinSymbol(Date.now());
    const api = botApi();
    await open();
    const mode = select('Contrato');
    expect(mode.value).toBe('fixed');
    expect(within(mode).getByRole('option', { name: `Série vigente (${current})` })).toBeTruthy();
    fireEvent.change(mode, { target: { value: 'current' } });
    expect(within(card('Configurações gerais')).queryByLabelText('Símbolo')).toBeNull();
    expect(screen.getByText(/troca sozinho de série no vencimento/)).toBeTruthy();
    save();
    expect(
      await screen.findByText('✅ Configuração salva no banco de dados na nuvem'),
    ).toBeTruthy();
    expect((posts(api)[0]?.body as BotConfig).general.symbol).toBe(CURRENT_SERIES_SYMBOL);
    // Back to a fixed symbol: it starts from the current series, and the trader types another.
    fireEvent.change(select('Contrato'), { target: { value: 'fixed' } });
    expect(input('Configurações gerais', 'Símbolo').value).toBe(current);
  });

  it('sets the risk limits in reais (0 is off) and refuses a negative one', async () => {
    const api = botApi();
    await open();
    expect(input('Limites de risco', 'Perda máxima diária (R$)').value).toBe('0');
    type(input('Limites de risco', 'Perda máxima diária (R$)'), '-5');
    save();
    expect(
      await screen.findByText(
        '❌ Erro ao salvar: Perda máxima diária (R$) deve estar entre 0 e 10000000.',
      ),
    ).toBeTruthy();
    expect(posts(api)).toEqual([]);
    type(input('Limites de risco', 'Perda máxima diária (R$)'), '750.5');
    type(input('Limites de risco', 'Rebaixamento máximo (R$)'), '2000');
    save();
    expect(
      await screen.findByText('✅ Configuração salva no banco de dados na nuvem'),
    ).toBeTruthy();
    expect((posts(api)[0]?.body as { risk: unknown }).risk).toEqual({
      daily_loss_limit: 750.5,
      max_drawdown: 2000,
    });
  });

  it('refuses invalid values on the spot, without calling the server', async () => {
    const api = botApi();
    await open();
    type(input('Fibonacci', 'Volume (contratos)'), '0.015');
    save();
    expect(
      await screen.findByText('❌ Erro ao salvar: Volume (contratos) deve ser múltiplo de 0,01.'),
    ).toBeTruthy();
    expect(
      within(card('Fibonacci')).getByText('Volume (contratos) deve ser múltiplo de 0,01.'),
    ).toBeTruthy();
    expect(document.activeElement).toBe(input('Fibonacci', 'Volume (contratos)'));
    expect(posts(api)).toHaveLength(0);
  });

  it("shows the server's refusal, or 'Erro desconhecido' without one", async () => {
    let answer = json({ success: false, error: 'Dados inválidos. x' }, { status: 400 });
    botApi({ 'POST /bot/config': () => answer });
    await open();
    save();
    expect(await screen.findByText('❌ Erro ao salvar: Dados inválidos. x')).toBeTruthy();
    answer = new Response('', { status: 502 });
    save();
    expect(await screen.findByText('❌ Erro ao salvar: Erro desconhecido')).toBeTruthy();
  });

  it('says when the network failed', async () => {
    botApi({ 'POST /bot/config': () => Promise.reject(new TypeError('Failed to fetch')) });
    await open();
    save();
    expect(await screen.findByText('❌ Erro de rede ao salvar configuração')).toBeTruthy();
  });

  it('restores the defaults on the form until saved', async () => {
    botApi();
    await open();
    fireEvent.click(screen.getByRole('button', { name: 'Restaurar padrão' }));
    expect(DEFAULT_BOT_CONFIG.general.symbol).toBe(CURRENT_SERIES_SYMBOL);
    expect(select('Contrato').value).toBe('current');
  });

  it('lets a viewer read but not change the configuration', async () => {
    const viewer = makeUser({ id: 9, role: 'viewer' });
    botApi({}, viewer);
    await open();
    await screen.findByText('✅ Configuração carregada');
    expect(input('Configurações gerais', 'Símbolo').disabled).toBe(true);
    expect(select('Contrato').disabled).toBe(true);
    expect(screen.queryByRole('button', { name: 'Salvar configuração' })).toBeNull();
    expect(screen.getByText(/Perfil Visualizador/)).toBeTruthy();
  });

  it('opens at the Fibonacci card on /fibonacci (admin)', async () => {
    botApi({}, adminUser);
    await open('/fibonacci');
    await waitFor(() => {
      expect(card('Fibonacci').querySelector('.ring-2')).toBeTruthy();
    });
    expect(screen.getByText('Estratégia aberta pelo botão Configurações do bot.')).toBeTruthy();
  });
});
