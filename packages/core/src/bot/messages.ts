/** What the user reads about the bot configuration: field names and validation messages, pt-BR. */

export const botSectionLabels = {
  general: 'Configurações gerais',
  fibonacci: 'Fibonacci',
  di_crossover: 'Cruzamento DI',
  advanced_di: 'DI Avançado',
  tema_crossover: 'Cruzamento TEMA',
  atr_channel: 'Canal ATR',
  rsi_contrary: 'RSI Contrário',
  bollinger_bands: 'Bandas de Bollinger',
  risk: 'Limites de risco',
} as const;

export const botFieldLabels = {
  symbol: 'Símbolo',
  timeframe: 'Timeframe',
  max_daily_trades: 'Máximo de trades por dia',
  enabled: 'Ativa',
  volume: 'Volume (contratos)',
  magic_offset: 'Offset do magic',
  swing_lookback: 'Janela do swing (barras)',
  min_swing_range: 'Amplitude mínima do swing (pontos)',
  adx_period: 'Período do ADX',
  adx_threshold: 'Limiar do ADX',
  di_threshold: 'Limiar do DI',
  tp_mode: 'Modo do take profit',
  enable_breakeven: 'Breakeven',
  enable_trailing: 'Trailing stop',
  period: 'Período',
  use_tema_stops: 'Stops pela TEMA',
  reward_ratio: 'Relação risco/retorno',
  ma_period: 'Período da média',
  atr_period: 'Período do ATR',
  atr_multiplier: 'Multiplicador do ATR',
  rsi_period: 'Período do RSI',
  oversold: 'Sobrevendido',
  overbought: 'Sobrecomprado',
  use_atr_stops: 'Stops pelo ATR',
  std_dev: 'Desvio padrão',
  touch_threshold: 'Limiar de toque',
  tp_target: 'Alvo do take profit',
  daily_loss_limit: 'Perda máxima diária (R$)',
  max_drawdown: 'Rebaixamento máximo (R$)',
} as const;

export type BotFieldKey = keyof typeof botFieldLabels;

/** Labels of the enumerated options, as the screen's selects show them. */
export const botOptionLabels = {
  timeframe: {
    M1: 'M1 (1 minuto)',
    M5: 'M5 (5 minutos)',
    M15: 'M15 (15 minutos)',
    H1: 'H1 (1 hora)',
  },
  di_tp_mode: { adaptive: 'Adaptativo', fixed: 'Fixo' },
  atr_tp_mode: { opposite_channel: 'Canal oposto', middle_channel: 'Média central' },
  tp_target: { middle: 'Banda central', opposite: 'Banda oposta' },
} as const;

const fmt = (n: number) => String(n).replace('.', ',');

export const botConfigMessages = {
  section: (label: string) => `${label}: informe os parâmetros completos.`,
  unknownField: (label: string) => `${label}: campo desconhecido.`,
  number: (label: string) => `${label} deve ser um número.`,
  integer: (label: string) => `${label} deve ser um número inteiro.`,
  range: (label: string, min: number, max: number) =>
    `${label} deve estar entre ${fmt(min)} e ${fmt(max)}.`,
  positive: (label: string, max: number) =>
    `${label} deve ser maior que 0 e no máximo ${fmt(max)}.`,
  step: (label: string, step: number) => `${label} deve ser múltiplo de ${fmt(step)}.`,
  boolean: (label: string) => `${label} deve ser verdadeiro ou falso.`,
  oneOf: (label: string, options: readonly string[]) =>
    `${label} deve ser ${options.slice(0, -1).join(', ')} ou ${options.at(-1) ?? ''}.`,
  symbolRequired: 'Informe o símbolo.',
  symbolInvalid: 'Símbolo inválido: use letras, números, ponto, hífen ou sublinhado (até 20).',
  oversoldBelowOverbought: 'Sobrevendido deve ser menor que sobrecomprado.',
  magicRepeated: (magic: number) =>
    `Magic ${magic} repetido: cada estratégia precisa de um magic próprio.`,
} as const;
