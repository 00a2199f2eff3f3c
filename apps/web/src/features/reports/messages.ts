import { periodTexts } from '../../components/period/period-texts';
import type { RangeChoice } from './api/reports-keys';

/** Every text of the /reports screen (trading.md §2 "Reports", §4, §8). */
export const reportsTexts = {
  subtitle: 'Resumo das operações reais do MT5 e extratos no formato do terminal.',
  range: 'Período',
  ranges: {
    '1d': 'Hoje',
    '7d': 'Últimos 7 dias',
    '30d': 'Últimos 30 dias',
    '90d': 'Últimos 90 dias',
    '1y': 'Último ano',
    all: periodTexts.all,
    custom: periodTexts.custom,
  } satisfies Record<RangeChoice, string>,
  refresh: 'Atualizar',
  retry: 'Tentar novamente',
  loading: 'Carregando relatórios...',

  statement: {
    title: 'Extrato MT5',
    // Issue 16: the summary counts round trips, the statement's Results the terminal's way.
    counting:
      'No bloco Resultados, cada negócio de saída conta como um trade, como no MetaTrader 5; o resumo desta página conta idas e voltas (posição aberta e fechada).',
    description:
      'O relatório do período selecionado no formato do MetaTrader 5: posições, ordens, negócios e resultados.',
    html: 'Relatório MT5 (HTML)',
    xml: 'Relatório MT5 (XML)',
    busy: 'Gerando...',
    opened: 'Relatório MT5 aberto em uma nova aba.',
    popupBlocked: (file: string) =>
      `O navegador bloqueou a nova aba: o relatório foi baixado como ${file}.`,
    downloaded: (file: string) => `Relatório MT5 baixado: ${file}`,
  },

  summary: {
    totalTrades: 'Total de trades',
    winRate: 'Taxa de acerto',
    totalPnl: 'Resultado total',
    profitFactor: 'Fator de lucro',
    tradesHint: 'Posições fechadas no período',
    winRateHint: 'Posições com lucro',
    pnlHint: 'Líquido de comissões e swap',
    profitFactorHint: 'Lucro bruto / prejuízo bruto',
  },

  hourly: {
    title: 'Desempenho por hora',
    description:
      'Das 9h às 18h (horário de Brasília), pela hora de fechamento; 18h vai até o fim do pregão.',
    /** An account outside B3 (another currency) trades around the clock. */
    descriptionAllDay: 'As 24 horas do dia (horário de Brasília), pela hora de fechamento.',
    hour: 'Hora',
    trades: 'Trades',
    pnl: 'Resultado',
    winRate: 'Acerto',
    hourLabel: (hour: number) => `${String(hour).padStart(2, '0')}:00`,
    none: '—',
  },

  exitReasons: {
    title: 'Motivos de saída',
    description: 'Como as posições do período foram encerradas.',
    empty: 'Nenhum motivo de saída registrado.',
    count: (n: number) => (n === 1 ? '1 trade' : `${n} trades`),
    // MT5's ENUM_DEAL_REASON, by the name or number the server sends.
    labels: {
      SL: 'Stop Loss',
      TP: 'Take Profit',
      SO: 'Stop Out',
      '0': 'Manual (terminal)',
      '1': 'Manual (celular)',
      '2': 'Manual (web)',
      '3': 'Robô (Expert Advisor)',
      CLIENT: 'Manual (terminal)',
      MOBILE: 'Manual (celular)',
      WEB: 'Manual (web)',
      EXPERT: 'Robô (Expert Advisor)',
      UNKNOWN: 'Não informado',
    } as Readonly<Record<string, string>>,
  },

  daily: {
    title: 'Resultado diário',
    description: 'Resultado líquido de cada dia com operações.',
    pnl: 'Resultado',
  },

  empty: {
    title: 'Sem Dados Reais',
    text: 'Nenhuma posição fechada no período selecionado. Os relatórios aparecem assim que o MT5 enviar operações pela bridge; tente um período maior.',
  },

  // trading.md §8, word for word.
  errors: {
    query: 'Erro ao consultar dados reais de relatórios',
    load: 'Erro ao carregar dados reais dos relatórios',
    connection: 'Erro ao conectar com servidor de dados reais',
    html: 'Erro ao gerar relatório MT5 HTML',
    xml: 'Erro ao gerar relatório MT5 XML',
    invalidAnswer: 'Resposta inválida do servidor',
  },
} as const;
