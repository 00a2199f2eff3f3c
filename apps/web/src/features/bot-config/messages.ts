import type { StrategyKey } from '@vortex/core';

/** Every text of the 'Parametrização VórtexBot' screen (trading.md §2, §8). */
export const botConfigTexts = {
  subtitle:
    'Defina o ativo, o timeframe e os parâmetros de cada uma das sete estratégias do VórtexBot.',
  loading: 'Carregando configuração...',
  save: 'Salvar configuração',
  saving: 'Salvando...',
  restoreDefaults: 'Restaurar padrão',
  readOnly: 'Perfil Visualizador: a configuração pode ser consultada, mas não alterada.',
  focused: 'Estratégia aberta pelo botão Configurações do bot.',
  disabled: 'Estratégia desativada: ative para ver e ajustar os parâmetros.',
  magic: (magic: number | null) => `Magic ${magic ?? '—'}`,
  magicHint: (base: number) => `Magic = ${base} + offset`,
  enabledToggle: (strategy: string) => `Ativar ${strategy}`,
  dismiss: 'Fechar aviso',
  formLabel: 'Configuração do bot',
  currentContract: (symbol: string) => `Contrato vigente do mini-índice: ${symbol}.`,
  useContract: (symbol: string) => `Usar ${symbol}`,
  symbolMode: {
    label: 'Contrato',
    current: (symbol: string) => `Série vigente (${symbol})`,
    fixed: 'Símbolo fixo',
    rolls:
      'Segue o mini-índice vigente e troca sozinho de série no vencimento (quarta-feira mais próxima do dia 15 dos meses pares, feriados da B3 considerados).',
  },
  riskDescription:
    'Valores em reais; 0 desativa o limite. Ao atingir um limite, o bot fecha as posições que abriu e para.',

  notices: {
    usingDefaults: '⚠️ Usando configuração padrão',
    loaded: '✅ Configuração carregada',
    saved: '✅ Configuração salva no banco de dados na nuvem',
    saveError: (detail: string | undefined) =>
      `❌ Erro ao salvar: ${detail || 'Erro desconhecido'}`,
    networkError: '❌ Erro de rede ao salvar configuração',
  },

  strategyDescriptions: {
    fibonacci: 'Entradas nas retrações de Fibonacci do último swing, com filtro de ADX e DI.',
    di_crossover: 'Cruzamento de +DI e −DI confirmado pela força da tendência (ADX).',
    advanced_di: 'Cruzamento DI com filtros mais rígidos, breakeven e trailing stop.',
    tema_crossover: 'Cruzamento do preço com a média exponencial tripla (TEMA).',
    atr_channel: 'Rompimentos de um canal de média móvel ± ATR.',
    rsi_contrary: 'Operações contra extremos de sobrecompra e sobrevenda do RSI.',
    bollinger_bands: 'Reversões a partir do toque nas Bandas de Bollinger.',
  } satisfies Record<StrategyKey, string>,
} as const;
