/** pt-BR texts of the backtest. */
export const backtestMessages = {
  csvEmpty: 'O arquivo CSV não tem barras.',
  csvHeader:
    'Cabeçalho do CSV não reconhecido: use a exportação do MT5 ou as colunas time, open, high, low e close.',
  csvTooManyBars: (max: number) =>
    `O CSV passa do limite de ${max.toLocaleString('pt-BR')} barras por backtest.`,
  csvBadTime: (line: number) => `Linha ${line} do CSV: data ou hora inválida.`,
  csvBadPrice: (line: number) => `Linha ${line} do CSV: preço inválido.`,
  csvBadRange: (line: number) =>
    `Linha ${line} do CSV: a máxima e a mínima não contêm a abertura e o fechamento.`,
  csvOutOfOrder: (line: number) =>
    `Linha ${line} do CSV: as barras devem estar em ordem de tempo, uma por horário.`,
  csvMissing: 'Envie o arquivo CSV das barras para o backtest com essa origem.',
  noBars: 'Não há barras armazenadas desse ativo e período gráfico no intervalo pedido.',
  noAccount: 'Nenhuma conta MT5 conectada: pareie o bridge ou envie as barras em CSV.',
  simulatorRangeMissing: 'Informe a data inicial e a final do mercado simulado.',
  simulatorTooManyBars: (max: number) =>
    `O período simulado passa do limite de ${max.toLocaleString('pt-BR')} barras de M1 por backtest (cerca de 16 meses de pregão).`,
  simulatorNoSessions:
    'O período escolhido não tem pregão (dias úteis, 09:00–18:25): escolha outras datas.',
  invalidSeed: 'Semente inválida: use um número inteiro de 0 a 2.147.483.647.',
  busy: 'Há backtests demais em andamento no servidor; tente de novo em instantes.',
} as const;
