/** Every text of the dashboard's price chart. */
export const priceChartTexts = {
  title: 'Gráfico de preço',
  titleOf: (symbol: string) => `Gráfico de preço · ${symbol}`,
  hint: 'Candles do ativo das suas operações mais recentes, com as entradas e saídas marcadas.',
  timeframe: 'Tempo gráfico',
  timeframes: { M1: '1 min', M5: '5 min', M15: '15 min', H1: '1 hora' },
  loading: 'Carregando gráfico de preço...',
  noSymbol: 'Nenhuma operação recente: o gráfico aparece com o ativo da próxima operação.',
  noBars: 'Sem barras de preço para este símbolo ainda.',
  requested: (symbol: string) =>
    `Pedimos as barras de ${symbol} ao seu agente Vórtex. Elas aparecem aqui em instantes.`,
  error: (reason: string) => `Não foi possível carregar o gráfico de preço: ${reason}`,
  retry: 'Tentar novamente',
  legend: {
    buy: 'Entrada de compra',
    sell: 'Entrada de venda',
    exitGain: 'Saída com lucro',
    exitLoss: 'Saída com prejuízo',
  },
  markersShown: (n: number) =>
    n === 0
      ? 'Nenhuma operação neste intervalo'
      : n === 1
        ? '1 operação neste intervalo'
        : `${n} operações neste intervalo`,
} as const;
