/**
 * The terminal's own words, in each language Vórtex reads and writes: the statement writer
 * (statement-model.ts) writes them and the server's importer (modules/reports/import/labels.ts)
 * reads them, so a label is spelled once.
 */

/** The statement's languages: the terminal's own English, and pt-BR (the default). */
export type StatementLanguage = 'pt-BR' | 'en';

/**
 * The labels of MT5's Trade History report in English, exactly as the terminal writes them
 * (apps/server/test/fixtures/mt5/ReportHistory-541223056-FTMO.html).
 */
const en = {
  title: 'Trade History Report',
  header: { name: 'Name', account: 'Account', company: 'Company', date: 'Date' },
  sections: {
    positions: 'Positions',
    orders: 'Orders',
    deals: 'Deals',
    openPositions: 'Open Positions',
    workingOrders: 'Working Orders',
    results: 'Results',
  },
  columns: {
    time: 'Time',
    openTime: 'Open Time',
    position: 'Position',
    order: 'Order',
    deal: 'Deal',
    symbol: 'Symbol',
    type: 'Type',
    direction: 'Direction',
    volume: 'Volume',
    price: 'Price',
    marketPrice: 'Market Price',
    sl: 'S / L',
    tp: 'T / P',
    cost: 'Cost',
    commission: 'Commission',
    fee: 'Fee',
    swap: 'Swap',
    profit: 'Profit',
    balance: 'Balance',
    state: 'State',
    comment: 'Comment',
  },
  summary: {
    balance: 'Balance',
    credit: 'Credit Facility',
    floating: 'Floating P/L',
    equity: 'Equity',
    freeMargin: 'Free Margin',
    margin: 'Margin',
    marginLevel: 'Margin Level',
  },
  results: {
    totalNetProfit: 'Total Net Profit',
    grossProfit: 'Gross Profit',
    grossLoss: 'Gross Loss',
    profitFactor: 'Profit Factor',
    expectedPayoff: 'Expected Payoff',
    recoveryFactor: 'Recovery Factor',
    sharpeRatio: 'Sharpe Ratio',
    drawdown: 'Balance Drawdown',
    drawdownAbsolute: 'Balance Drawdown Absolute',
    drawdownMaximal: 'Balance Drawdown Maximal',
    drawdownRelative: 'Balance Drawdown Relative',
    totalTrades: 'Total Trades',
    shortTrades: 'Short Trades (won %)',
    longTrades: 'Long Trades (won %)',
    profitTrades: 'Profit Trades (% of total)',
    lossTrades: 'Loss Trades (% of total)',
    largestProfitTrade: 'Largest profit trade',
    largestLossTrade: 'Largest loss trade',
    averageProfitTrade: 'Average profit trade',
    averageLossTrade: 'Average loss trade',
    maxConsecutiveWins: 'Maximum consecutive wins ($)',
    maxConsecutiveLosses: 'Maximum consecutive losses ($)',
    maximalConsecutiveProfit: 'Maximal consecutive profit (count)',
    maximalConsecutiveLoss: 'Maximal consecutive loss (count)',
    averageConsecutiveWins: 'Average consecutive wins',
    averageConsecutiveLosses: 'Average consecutive losses',
  },
};

export type StatementLabels = typeof en;

/**
 * pt-BR labels. The Results labels, the Orders and deals columns and "Resultados"/"Ordens" are
 * the terminal's own, from a real pt-BR report (ReportTester-RicoDemo-WIN-ptBR.html, odd spaces
 * before ":" left out). No real pt-BR Trade History file was found: its title, "Posições",
 * "Transações", "Posições Abertas", "Ordens Pendentes", the header and summary labels and
 * Posição/Taxa/Custo/Preço de Mercado are unverified (from other people's importers and the
 * terminal's pt-BR glossary).
 */
const ptBR: StatementLabels = {
  title: 'Relatório do Histórico de Negociação',
  header: { name: 'Nome', account: 'Conta', company: 'Corretora', date: 'Data' },
  sections: {
    positions: 'Posições',
    orders: 'Ordens',
    deals: 'Transações',
    openPositions: 'Posições Abertas',
    workingOrders: 'Ordens Pendentes',
    results: 'Resultados',
  },
  columns: {
    time: 'Horário',
    openTime: 'Horário da Abertura',
    position: 'Posição',
    order: 'Ordem',
    deal: 'Oferta',
    symbol: 'Ativo',
    type: 'Tipo',
    direction: 'Direção',
    volume: 'Volume',
    price: 'Preço',
    marketPrice: 'Preço de Mercado',
    sl: 'S / L',
    tp: 'T / P',
    cost: 'Custo',
    commission: 'Comissão',
    fee: 'Taxa',
    swap: 'Swap',
    profit: 'Lucro',
    balance: 'Saldo',
    state: 'Estado',
    comment: 'Comentário',
  },
  summary: {
    balance: 'Saldo',
    credit: 'Crédito',
    floating: 'Lucro/Prejuízo Flutuante',
    equity: 'Capital Líquido',
    freeMargin: 'Margem Livre',
    margin: 'Margem',
    marginLevel: 'Nível de Margem',
  },
  results: {
    totalNetProfit: 'Lucro Líquido Total',
    grossProfit: 'Lucro Bruto',
    grossLoss: 'Perda Bruta',
    profitFactor: 'Fator de Lucro',
    expectedPayoff: 'Retorno Esperado (Payoff)',
    recoveryFactor: 'Fator de Recuperação',
    sharpeRatio: 'Índice de Sharpe',
    drawdown: 'Rebaixamento do Saldo',
    drawdownAbsolute: 'Rebaixamento Absoluto do Saldo',
    drawdownMaximal: 'Rebaixamento Máximo do Saldo',
    drawdownRelative: 'Rebaixamento Relativo do Saldo',
    totalTrades: 'Total de Negociações',
    shortTrades: 'Posições Vendidas (% e ganhos)',
    longTrades: 'Posições Compradas (% de ganhos)',
    profitTrades: 'Negociações com Lucro (% of total)',
    lossTrades: 'Negociações com Perda (% of total)',
    largestProfitTrade: 'Maior lucro da negociação',
    largestLossTrade: 'Maior perda na Negociação',
    averageProfitTrade: 'Média lucro da negociação',
    averageLossTrade: 'Média perda na Negociação',
    maxConsecutiveWins: 'Máximo ganhos consecutivos ($)',
    maxConsecutiveLosses: 'Máximo perdas consecutivas ($)',
    maximalConsecutiveProfit: 'Máxima lucro consecutivo (contagem)',
    maximalConsecutiveLoss: 'Máxima perda consecutiva (contagem)',
    averageConsecutiveWins: 'Média ganhos consecutivos',
    averageConsecutiveLosses: 'Média perdas consecutivas',
  },
};

export const statementLabels: Readonly<Record<StatementLanguage, StatementLabels>> = {
  'pt-BR': ptBR,
  en,
};

/**
 * Results lines only a Strategy Tester report writes, as the terminal writes them in each
 * language (pt-BR from ReportTester-RicoDemo-WIN-ptBR.html); the importer reads them.
 */
export const MT5_TESTER_RESULT_LABELS = {
  equityDrawdownAbsolute: {
    en: 'Equity Drawdown Absolute',
    'pt-BR': 'Rebaixamento Absoluto do Capital Líquido',
  },
  equityDrawdownMaximal: {
    en: 'Equity Drawdown Maximal',
    'pt-BR': 'Rebaixamento Máximo do Capital Líquido',
  },
  equityDrawdownRelative: {
    en: 'Equity Drawdown Relative',
    'pt-BR': 'Rebaixamento Relativo do Capital Líquido',
  },
  totalDeals: { en: 'Total Deals', 'pt-BR': 'Ofertas Total' },
  historyQuality: { en: 'History Quality', 'pt-BR': 'Qualidade do histórico' },
  bars: { en: 'Bars', 'pt-BR': 'Barras' },
  ticks: { en: 'Ticks', 'pt-BR': 'Ticks' },
  symbols: { en: 'Symbols', 'pt-BR': 'Ativos' },
  zScore: { en: 'Z-Score', 'pt-BR': 'Z-Pontuação' },
  ahpr: { en: 'AHPR', 'pt-BR': 'AHPR' },
  ghpr: { en: 'GHPR', 'pt-BR': 'GHPR' },
  lrCorrelation: { en: 'LR Correlation', 'pt-BR': 'Correlação LR' },
  lrStandardError: { en: 'LR Standard Error', 'pt-BR': 'Erro Padrão LR' },
  onTesterResult: { en: 'OnTester result', 'pt-BR': 'Resultado OnTester' },
  correlationProfitsMfe: { en: 'Correlation (Profits,MFE)', 'pt-BR': 'Correlação (Lucros,MFE)' },
  correlationProfitsMae: { en: 'Correlation (Profits,MAE)', 'pt-BR': 'Correlação (Lucros,MAE)' },
  correlationMfeMae: { en: 'Correlation (MFE,MAE)', 'pt-BR': 'Correlação (MFE,MAE)' },
  minHolding: {
    en: 'Minimal position holding time',
    'pt-BR': 'Tempo mínimo de duração da posição',
  },
  maxHolding: {
    en: 'Maximal position holding time',
    'pt-BR': 'Tempo máximo de duração da posição',
  },
  avgHolding: {
    en: 'Average position holding time',
    'pt-BR': 'Tempo médio de duração da posição',
  },
} as const satisfies Record<string, Readonly<Record<StatementLanguage, string>>>;
