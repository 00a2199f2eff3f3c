/** Every text of 'Todas as contas' (issue 26), in pt-BR; labels shared with Estatísticas say so. */
export const allAccountsTexts = {
  subtitle:
    'Cada conta MT5 sua com os números de Estatísticas no período. Os totais somam as contas de uma moeda por vez.',
  loading: 'Calculando as contas...',
  retry: 'Tentar novamente',
  failed: (reason: string) => `Não foi possível carregar as contas: ${reason}`,

  controls: {
    label: 'Período e moeda',
    period: 'Período',
    currency: 'Moeda somada',
    currencyTitle: (code: string) => `Somar as contas em ${code}`,
  },
  showingAll: 'Todo o histórico de cada conta',

  /** Said on screen whenever the trader has accounts: what the totals add and what they never do. */
  oneCurrency: (code: string) =>
    `Os totais somam apenas as contas em ${code}. Contas em outras moedas aparecem à parte e nunca entram na soma.`,
  onlyCurrency: (code: string) => `Todas as suas contas estão em ${code}.`,

  total: {
    title: (code: string) => `Total em ${code}`,
    accounts: (n: number) => (n === 1 ? '1 conta somada' : `${n} contas somadas`),
    estimated:
      'Alguma conta não informou o saldo: o saldo somado parte da estimativa de 10.000 dessa conta.',
    drawdownHint: 'Da curva do saldo somado, não a soma dos drawdowns de cada conta.',
  },

  curve: {
    title: (code: string) => `Saldo somado em ${code}`,
    hint: 'Saldo de todas as contas da moeda ao fim de cada dia (horário de Brasília).',
    balance: 'Saldo somado',
  },

  figures: {
    // Estatísticas' own labels.
    balance: 'Saldo',
    estimatedBalance: 'Saldo estimado',
    netProfit: 'Lucro líquido',
    winRate: 'Taxa de acerto',
    maxDrawdown: 'Drawdown máximo',
    totalTrades: 'Total de trades',
    deposits: 'Depósitos',
    withdrawals: 'Saques',
    fees: 'Comissões e taxas',
  },

  lists: {
    summed: (code: string) => `Contas em ${code}`,
    apart: 'Contas em outras moedas (fora da soma)',
    apartHint: 'Cada uma em sua própria moeda; para somá-las, escolha a moeda delas acima.',
    tester: 'Relatórios do Testador de Estratégia (fora da soma)',
    testerHint:
      'Resultados simulados de backtests: aparecem à parte e nunca entram na soma das contas.',
  },

  account: {
    current: 'Conta atual',
    live: 'Conectada pelo agente',
    lastHello: (at: string) => `Agente visto em ${at}`,
    marginMode: { netting: 'Netting', hedging: 'Hedging' } as Record<string, string>,
    noDeals: 'Ainda não há deals registrados.',
    open: 'Abrir no Dashboard',
    // Begins with the button's visible words (WCAG 2.5.3), then names the account.
    openName: (label: string) => `Abrir no Dashboard: ${label}`,
    openFailed: 'Não foi possível trocar de conta.',
  },

  empty: {
    title: 'Nenhuma conta MT5 ainda',
    text: 'Conecte o agente a uma conta MT5 ou importe um relatório do MetaTrader 5 em Relatórios.',
    link: 'Ir para Relatórios',
  },
};
