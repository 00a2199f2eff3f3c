/** Every text of /dashboard (trading.md §2 "Dashboard", §4, §8). */
export const dashboardTexts = {
  subtitle: 'Suas operações reais do MT5, calculadas a partir dos negócios registrados.',

  banner: {
    loading: 'Carregando dados reais do MT5...',
    emptyTitle: 'Nenhuma operação fechada encontrada',
    emptyText: 'Assim que a bridge enviar operações fechadas, os números aparecem aqui.',
    forceCheck: 'Forçar verificação',
    checking: 'Verificando...',
    bridgeErrorTitle: 'Bridge indisponível',
    bridgeErrorText:
      'Não foi possível falar com a sua bridge agora. Os dados podem estar atrasados.',
    liveTitle: 'Dados reais ao vivo',
    liveAccount: (account: number) => `Conta ${account}`,
    liveOffline: 'Bridge offline: exibindo os últimos dados recebidos.',
    liveChannelDown: 'Canal ao vivo reconectando: atualizando por consulta periódica.',
  },

  notice: {
    title: 'Sem dados para exibir',
    verify: 'Verificar',
    verifying: 'Verificando...',
    awaiting: {
      title: 'Bridge conectada, aguardando dados',
      text: 'O agente Vórtex está conectado e o MT5 logado. As operações aparecem aqui assim que a primeira for fechada.',
    },
    unreachable: {
      title: 'Bridge encontrada, mas não acessível',
      text: 'Sua bridge foi vista há pouco, mas não responde agora. Confira se o agente Vórtex está em execução e com internet.',
    },
    unpaired: {
      title: 'Bridge não pareada',
      text: 'Nenhuma bridge está pareada a esta conta. Instale o agente Vórtex e conclua o pareamento para trazer as suas operações do MT5.',
    },
    mt5Off: {
      title: 'MT5 não conectado',
      text: 'A bridge está ativa, mas o MT5 não está logado. Abra o MetaTrader 5 e faça login na conta.',
    },
  },

  table: {
    title: 'Posições abertas e ordens pendentes',
    refresh: 'Atualizar sem cache',
    updatedAt: (time: string) => `Atualizado às ${time}`,
    neverUpdated: 'Ainda sem leitura da bridge',
    empty: 'Nenhuma posição aberta ou ordem pendente.',
    shown: (shown: number, total: number) => `Mostrando ${shown} de ${total}`,
    columns: {
      time: 'Data/Hora',
      symbol: 'Ativo',
      id: 'ID',
      volume: 'Qtd',
      type: 'Tipo',
      price: 'Preço',
      sl: 'SL',
      tp: 'TP',
      current: 'Preço atual',
      pnl: 'PnL',
      magic: 'Magic',
    },
    position: 'POS',
    order: 'ORD',
    positionTitle: 'Posição aberta',
    orderTitle: 'Ordem pendente',
    none: '—',
    stale: (tickets: string) =>
      `Posições abertas há mais de 2 horas (possível cache desatualizado): ${tickets}`,
    hidden: (count: number) =>
      count === 1
        ? '1 posição oculta: já consta entre as operações fechadas recentes.'
        : `${count} posições ocultas: já constam entre as operações fechadas recentes.`,
  },

  /** MT5 ORDER_TYPE / POSITION_TYPE in pt-BR. */
  orderTypes: [
    'Compra',
    'Venda',
    'Compra limite',
    'Venda limite',
    'Compra stop',
    'Venda stop',
    'Compra stop limite',
    'Venda stop limite',
    'Fechar por',
  ] as readonly string[],

  cards: {
    openPositions: 'Posições abertas',
    pendingOrders: (n: number) => (n === 1 ? '1 ordem pendente' : `${n} ordens pendentes`),
    dailyPnl: 'PnL diário',
    ofBalance: (percent: string) => `${percent} do saldo`,
    winRate: 'Taxa de acerto hoje',
    tradesToday: (n: number) => (n === 1 ? '1 operação hoje' : `${n} operações hoje`),
    // Issue 16: the MT5 statement counts closing deals; these cards count round trips.
    countsRoundTrips: 'Conta idas e voltas (posição aberta e fechada)',
    profitFactor: 'Fator de lucro hoje',
    profitFactorHint: 'Lucro bruto ÷ prejuízo bruto',
    balance: 'Saldo',
    estimatedBalance: 'Saldo estimado',
    equity: (value: string) => `Patrimônio ${value}`,
    netProfit: 'Lucro líquido',
    netProfitHint: (wins: number, losses: number, gross: string) =>
      `${wins} ganhos · ${losses} perdas · bruto ${gross}`,
    margin: 'Margem usada',
    freeMargin: (value: string) => `Livre ${value}`,
  },

  charts: {
    live: 'Ao vivo',
    historical: 'Histórico',
    liveHint: 'Últimos 30 dias, atualizados ao vivo',
    // Issue 26: an imported account's charts, with no live window to switch from.
    importedWindow: 'Últimos 30 dias da conta',
    importedAll: 'Todo o histórico da conta',
    mode: 'Modo dos gráficos',
    period: 'Período',
    periods: [
      { days: 7, label: 'Últimos 7 dias' },
      { days: 30, label: 'Últimos 30 dias' },
      { days: 90, label: 'Últimos 90 dias' },
      { days: 180, label: 'Últimos 180 dias' },
      { days: 365, label: 'Último ano' },
    ],
    equity: 'Curva de capital',
    equityHint: 'Saldo da conta após cada operação fechada',
    equityEstimateHint: (base: string) =>
      `Saldo estimado após cada operação fechada: sem o saldo da conta, parte de ${base}`,
    ma5: 'MM 5',
    ma20: 'MM 20',
    ma5Name: 'Média móvel 5',
    ma20Name: 'Média móvel 20',
    balance: 'Saldo',
    estimatedBalance: 'Saldo estimado',
    daily: 'Desempenho diário',
    dailyHint: (date: string) => `Resultado de cada operação em ${date}`,
    trade: (n: number) => `Operação ${n}`,
    result: 'Resultado',
    histogram: 'Distribuição de P&L',
    histogramHint: (symbol: string) => `Operações por faixa de resultado líquido (${symbol})`,
    operations: 'Operações',
    // The hours the server sends: B3's 9–18 in reais, all 24 for forex and CFDs (issue 26).
    hourly: (first: number, last: number) => `Desempenho por hora (${first}:00–${last}:00)`,
    hourlyHint: (accountDays: boolean, b3: boolean) =>
      `${accountDays ? 'Últimos 7 dias da conta' : 'Últimos 7 dias'}, por hora de fechamento no horário de Brasília` +
      (b3 ? '; 18:00 vai até o fim do pregão' : ''),
    hour: (h: number) => `${h}:00`,
    noPoints: 'Sem operações no período.',
  },

  lastClosed: {
    title: 'Últimas 5 operações fechadas',
    empty: 'Nenhuma operação fechada.',
    buy: 'Compra',
    sell: 'Venda',
  },

  last7: {
    title: 'Resumo dos últimos 7 dias',
    totalProfit: 'Lucro total',
    winRate: 'Taxa de acerto',
    bestDay: 'Melhor dia',
    worstDay: 'Pior dia',
    positiveDays: 'Dias positivos',
    negativeDays: 'Dias negativos',
    none: '—',
  },

  // trading.md §8 "Dashboard", word for word.
  errors: {
    partial: 'Parcial: nem todos dados agregados disponíveis',
    aggregates: 'Erro ao buscar dados agregados',
    positions: 'Erro posições',
    positionsNetwork: 'Erro rede posições',
    ordersNetwork: 'Erro rede ordens',
    load: (message: string) => `Erro ao carregar dados: ${message}`,
  },
  retry: 'Tentar novamente',
} as const;
