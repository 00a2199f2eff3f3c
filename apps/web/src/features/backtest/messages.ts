/** Every text of /backtest, pt-BR; the server's own errors arrive already in pt-BR. */
export const backtestTexts = {
  title: 'Backtest',
  subtitle:
    'Rode as estratégias do bot sobre barras passadas, com as mesmas regras do robô, sem enviar ordens.',

  source: {
    title: 'Barras',
    legend: 'Origem das barras',
    stored: 'Barras armazenadas',
    storedHint: 'As barras da conta MT5 conectada, no ativo e timeframe da configuração.',
    csv: 'Arquivo CSV',
    csvHint: 'Um arquivo seu, lido no navegador e enviado ao servidor (até 16 MB).',
    simulator: 'Simulador (mercado sintético)',
    simulatorHint: 'O mercado do simulador do Vórtex (WIN, pregões da B3); não precisa de conta.',
    seed: 'Semente',
    seedHint: 'A mesma semente e as mesmas datas repetem o mesmo mercado.',
    badSeed: 'Use um número inteiro de 0 a 2.147.483.647.',
    start: 'Início',
    end: 'Fim',
    file: 'Arquivo de barras (CSV)',
    formatsTitle: 'Formatos aceitos',
    formatMt5:
      'Exportação do MT5 (<DATE> <TIME> <OPEN> <HIGH> <LOW> <CLOSE> ...), horário de Brasília',
    formatPlain:
      'Colunas time,open,high,low,close (time em epoch ou ISO), separadas por vírgula, ponto e vírgula ou tab',
    csvTimeframe:
      'As barras do arquivo são usadas no período gráfico em que estão: o timeframe da configuração só vale para as barras armazenadas.',
    fileLoaded: (name: string, size: string) => `${name} · ${size}`,
    fileTooBig: 'O arquivo passa de 16 MB: corte o período ou use um timeframe maior.',
    fileMissing: 'Escolha o arquivo CSV das barras.',
    badRange: 'A data inicial deve ser anterior ou igual à final.',
  },

  config: {
    title: 'Configuração',
    savedA: 'Configuração A (salva)',
    editB: 'Configuração B (ajuste sem salvar)',
    change: 'Alterar em Parametrização',
    loading: 'Carregando configuração salva...',
    loadError: (reason: string) => `Não foi possível carregar a configuração salva: ${reason}`,
    symbol: 'Ativo',
    timeframe: 'Timeframe',
    maxDailyTrades: 'Máx. trades/dia',
    strategies: 'Estratégias',
    none: 'Nenhuma estratégia ativa',
    compare: 'Comparar com outra configuração',
    compareHint: 'A configuração B começa como cópia da A; nada é salvo.',
    resetB: 'Copiar A de novo',
    noneEnabled: 'Ative ao menos uma estratégia na configuração B.',
    noneEnabledA: 'A configuração salva não tem estratégia ativa: ative alguma em Parametrização.',
  },

  run: 'Executar backtest',
  runCompare: 'Executar A e B',
  running: 'Executando backtest...',
  retry: 'Tentar novamente',
  connectionError: (reason: string) => `Erro de conexão: ${reason}`,
  http: (status: number) => `HTTP ${status}`,
  invalidAnswer: 'Resposta do servidor fora do formato esperado.',
  emptyTitle: 'Nenhum backtest executado',
  emptyText:
    'Escolha as barras e clique em Executar backtest. O resultado aparece aqui e não altera o bot.',

  summary: {
    bars: (count: string) => `${count} barras`,
    range: (from: string, to: string) => `de ${from} a ${to}`,
    sourceStored: 'barras armazenadas',
    sourceCsv: 'arquivo CSV',
    sourceSimulator: (seed: string) => `simulador, semente ${seed}`,
    // The contract that valued the trades: the terminal's specification or B3's.
    instrument: (symbol: string, pointValue: string, tick: string, source: string) =>
      `${symbol}: ${pointValue} por ponto por contrato, tick de ${tick} (${source})`,
    instrumentTerminal: 'especificação do terminal',
    instrumentB3: 'contrato da B3',
  },

  stats: {
    title: 'Resultado',
    totalTrades: 'Total de trades',
    winRate: 'Taxa de acerto',
    profitFactor: 'Fator de lucro',
    netProfit: 'Lucro líquido',
    maxDrawdown: 'Drawdown máximo',
    sharpe: 'Índice de Sharpe',
    expectancy: 'Expectativa por trade',
    sqn: 'SQN',
    winLoss: (wins: number, losses: number) => `${wins} ganhos · ${losses} perdas`,
  },

  compare: {
    title: 'Comparação',
    metric: 'Indicador',
    a: 'Configuração A',
    b: 'Configuração B',
    diff: 'Diferença (B − A)',
    better: 'B melhor',
    worse: 'B pior',
  },

  equity: {
    title: 'Curva de capital',
    hint: 'Saldo após cada trade fechado, a partir de R$ 10.000,00.',
    empty: 'Nenhum trade fechado no backtest',
    balance: 'Saldo',
  },

  byStrategy: {
    title: 'Trades por estratégia',
    strategy: 'Estratégia',
    magic: 'Magic',
    trades: 'Trades',
    winRate: 'Acerto',
    net: 'Líquido',
    unknown: (magic: number) => `Magic ${magic}`,
    empty: 'Nenhum trade',
  },

  skipped: {
    title: 'Sinais recusados',
    dailyLimit: 'Limite diário de trades atingido',
    positionOpen: 'Posição da estratégia já aberta',
  },

  trades: {
    title: 'Trades do backtest',
    tabsLabel: 'Trades de qual configuração',
    open: 'Abertura',
    close: 'Fechamento',
    strategy: 'Estratégia',
    side: 'Tipo',
    buy: 'Compra',
    sell: 'Venda',
    volume: 'Volume',
    entry: 'Entrada',
    exit: 'Saída',
    reason: 'Motivo',
    net: 'Líquido',
    duration: 'Duração',
    page: (page: number, pages: number) => `Página ${page} de ${pages}`,
    previous: 'Anterior',
    next: 'Próxima',
    empty: 'Nenhum trade fechado nessas barras com essa configuração.',
  },
} as const;
