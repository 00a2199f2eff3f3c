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
    averageLossTrade: 'Média perda na negociação',
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
 * Values the terminal writes untranslated in every language (§3.4 of the research: a pt-BR report
 * still says buy, sell, in, out, filled, balance).
 */
export const mt5Values = {
  dealTypes: {
    0: 'buy',
    1: 'sell',
    2: 'balance',
    3: 'credit',
    4: 'charge',
    5: 'correction',
    6: 'bonus',
    7: 'commission',
  } as Readonly<Record<number, string>>,
  otherDealType: 'balance',
  entries: { 0: 'in', 1: 'out', 2: 'in/out', 3: 'out by' } as Readonly<Record<number, string>>,
  orderTypes: {
    0: 'buy',
    1: 'sell',
    2: 'buy limit',
    3: 'sell limit',
    4: 'buy stop',
    5: 'sell stop',
    6: 'buy stop limit',
    7: 'sell stop limit',
    8: 'close by',
  } as Readonly<Record<number, string>>,
  orderStates: { filled: 'filled', placed: 'placed' },
  /** MT5 ENUM_ORDER_STATE, as the Orders section writes a history order's state. */
  orderStateCodes: {
    0: 'started',
    1: 'placed',
    2: 'canceled',
    3: 'partial',
    4: 'filled',
    5: 'rejected',
    6: 'expired',
    7: 'request add',
    8: 'request modify',
    9: 'request cancel',
  } as Readonly<Record<number, string>>,
  /** A market order's price, as the Orders section writes it. */
  market: 'market',
  hedging: 'Hedge',
  netting: 'Netting',
};

/** The server's texts about statements, in pt-BR. */
export const reportMessages = {
  /** The server's answer when the user has no MT5 account ('Sem Dados Reais'). */
  noAccount: 'Nenhuma conta MT5 pareada: não há dados para o relatório.',
} as const;
