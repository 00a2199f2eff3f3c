/** Every text of /statistics (trading.md §2, §8); the spec's own words are marked §8. */
export const statisticsTexts = {
  subtitle:
    'Indicadores das posições fechadas no período, calculados pelo servidor a partir dos deals.',
  refresh: 'Atualizar',
  retry: 'Tentar novamente',
  loading: 'Calculando estatísticas...',
  // §8, word for word.
  realDataError: (reason: string) => `MT5 Real Data Error: ${reason}`,
  connectionError: (reason: string) => `Erro de conexão: ${reason}`,
  http: (status: number) => `HTTP ${status}`,
  invalidAnswer: 'resposta fora do formato esperado',
  // §2, word for word.
  emptyTitle: 'Nenhuma Estatística Disponível',
  emptyText: 'Nenhuma posição fechada no período e filtro selecionados.',

  controls: {
    label: 'Período e filtros',
    period: 'Período',
    preset: (days: number) => (days === 1 ? 'Hoje' : `${days} dias`),
    presetTitle: (days: number) =>
      days === 1
        ? 'Hoje, desde 00:00 (horário de Brasília)'
        : `Últimos ${days} dias, hoje incluído (horário de Brasília)`,
    custom: 'Dias (1–365)',
    magic: 'Magic',
    allMagics: 'Todos',
    showing: (days: number) => (days === 1 ? 'Hoje' : `Últimos ${days} dias`),
  },

  headline: {
    balance: 'Saldo',
    estimatedBalance: 'Saldo estimado',
    initial: (value: string) => `Inicial ${value}, do saldo da conta`,
    estimate: (value: string) => `Estimativa: sem o saldo da conta, parte de ${value}`,
    profit: 'Lucro líquido',
    profitPercent: (value: string) => `${value} sobre o saldo inicial e os depósitos`,
    winRate: 'Taxa de acerto',
    winLoss: (wins: number, losses: number) => `${wins} ganhos · ${losses} perdas`,
    profitFactor: 'Fator de lucro',
    gross: (profit: string, loss: string) => `Bruto ${profit} / ${loss}`,
  },

  performance: {
    title: 'Desempenho',
    totalTrades: 'Total de trades',
    // Issue 16: what a trade is here (the MT5 statement counts closing deals instead).
    roundTrips: 'idas e voltas',
    countsRoundTrips: 'Conta idas e voltas (posição aberta e fechada)',
    winningTrades: 'Trades vencedores',
    losingTrades: 'Trades perdedores',
    averageWin: 'Ganho médio',
    averageLoss: 'Perda média',
    largestWin: 'Maior ganho',
    largestLoss: 'Maior perda',
    expectancy: 'Expectativa por trade',
    avgDuration: 'Duração média',
    tradesPerDay: 'Trades por dia',
    bestDay: 'Melhor dia',
    bestHour: 'Melhor horário',
    hour: (hour: number) => `${String(hour).padStart(2, '0')}h`,
    maxWins: 'Máx. vitórias seguidas',
    maxLosses: 'Máx. derrotas seguidas',
  },

  risk: {
    title: 'Risco',
    maxDrawdown: 'Drawdown máximo',
    sharpe: 'Índice de Sharpe',
    sortino: 'Índice de Sortino',
    volatility: 'Volatilidade',
    var95: 'VaR 95%',
    calmar: 'Índice de Calmar',
    recovery: 'Fator de recuperação',
    sqn: 'SQN',
  },

  sides: {
    title: 'Compra × Venda',
    long: 'Compras',
    short: 'Vendas',
    trades: (count: number) => (count === 1 ? '1 trade' : `${count} trades`),
    winRate: 'acerto',
  },

  symbols: {
    title: 'Top 5 ativos',
    description: 'Por lucro no período.',
    symbol: 'Ativo',
    trades: 'Trades',
    profit: 'Lucro',
    winRate: 'Acerto',
    empty: 'Sem ativos no período',
  },

  daily: {
    title: 'Estatísticas diárias',
    description: 'Resultado líquido por dia (dia local).',
    chartLabel: 'Resultado líquido por dia',
    date: 'Data',
    trades: 'Trades',
    wins: 'Ganhos',
    losses: 'Perdas',
    winRate: 'Acerto',
    grossProfit: 'Lucro bruto',
    grossLoss: 'Prejuízo bruto',
    net: 'Líquido',
    profitFactor: 'Fator de lucro',
  },
} as const;
