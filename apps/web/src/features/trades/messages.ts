const count = (n: number) => n.toLocaleString('pt-BR');

/** Every text of /trades (trading.md §2, §8); the spec's own words are marked §8. */
export const tradesTexts = {
  subtitle:
    'Posições fechadas na sua conta MT5, montadas a partir dos deals de abertura e fechamento.',
  refresh: 'Atualizar',
  retry: 'Tentar novamente',
  loading: 'Carregando trades...',
  // §8's 'Lambda Error: ' prefix named an internal part and misled: the reason shows alone
  // (README: where Vórtex departs from the spec).
  serverError: (reason: string) => reason,
  // §8, word for word.
  connectionError: (reason: string) => `Erro de conexão: ${reason}`,
  noneInPeriod: 'Nenhuma operação encontrada no período selecionado.',
  noneReturned: 'Sem trades retornados (0).',
  invalidAnswer: 'resposta fora do formato esperado',
  http: (status: number) => `Erro ao carregar trades (HTTP ${status})`,
  // The server's own words (trading.messages.ts): the client catches it before asking.
  startAfterEnd: 'A data inicial deve ser anterior à data final.',
  source: (account: number, deals: number) =>
    `Conta ${account} · ${deals.toLocaleString('pt-BR')} deals processados`,
  updatedAt: (time: string) => `Atualizado às ${time}`,
  // Issue 26: the list holds at most TRADES_LIMIT positions; the totals cover every one of them.
  listCut: (shown: number, listed: number) =>
    `A lista mostra as ${count(shown)} posições mais recentes de ${count(listed)} do período`,
  totalsCoverAll: (covered: number, magic: number | null) =>
    magic === null
      ? `os totais acima cobrem todas as ${count(covered)}.`
      : `os totais acima cobrem todas as ${count(covered)} do magic ${magic}.`,
  // Without the totals, the rows alone cannot be summed: a shorter period can.
  truncated: (shown: number, total: number) =>
    `Mostrando as ${count(shown)} posições mais recentes de ${count(total)} do período: escolha um período menor para ver as anteriores.`,
  totalsError: (reason: string) =>
    `Não foi possível calcular os totais de todas as posições: ${reason}`,

  filters: {
    label: 'Filtros de trades',
    magic: 'Magic',
    allMagics: 'Todos',
    start: 'Data inicial',
    end: 'Data final',
    sort: 'Ordenação',
    newest: 'Mais recentes primeiro',
    oldest: 'Mais antigos primeiro',
    clear: 'Limpar filtros',
    defaultWindow: 'Sem data inicial: últimos 365 dias.',
    wholeHistory: 'Sem data inicial: todo o histórico da conta.',
  },
  exportCsv: 'Exportar CSV',
  exported: (count: number) =>
    count === 1 ? '1 trade exportado' : `${count.toLocaleString('pt-BR')} trades exportados`,

  summary: {
    total: 'Total de trades',
    winRate: 'Taxa de acerto',
    winLoss: (wins: number, losses: number) => `${count(wins)} ganhos · ${count(losses)} perdas`,
    net: 'Resultado líquido',
    // Each followed by its amount: 'Comissões e taxas -R$ 12,50 · Swap -R$ 0,75'.
    fees: 'Comissões e taxas',
    swap: 'Swap',
    profitFactor: 'Fator de lucro',
    // 'Lucro bruto R$ 300,00 ÷ prejuízo bruto R$ 120,00'.
    grossProfit: 'Lucro bruto',
    grossLoss: 'prejuízo bruto',
  },

  table: {
    caption: 'Posições fechadas',
    date: 'Data',
    symbol: 'Ativo',
    type: 'Tipo',
    volume: 'Volume',
    entry: 'Entrada',
    exit: 'Saída',
    duration: 'Duração',
    net: 'Resultado',
    magic: 'Magic',
    openedAt: (time: string) => `Aberta em ${time}`,
    // Issue 16: round trip 0, whose opening deal is older than the history the account holds.
    openedBeforeHistory: 'Aberta antes do histórico',
    openedBeforeHistoryShort: 'antes do histórico',
    // The vocabulary of every other screen.
    buy: 'Compra',
    sell: 'Venda',
  },

  pager: {
    label: 'Paginação de trades',
    previous: 'Anterior',
    next: 'Próxima',
    page: (page: number, pages: number) => `Página ${page} de ${pages}`,
    range: (from: number, to: number, total: number) =>
      `${from}–${to} de ${total.toLocaleString('pt-BR')}`,
  },
} as const;
