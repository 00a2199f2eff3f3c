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
} as const;
