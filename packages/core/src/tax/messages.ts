/** Every pt-BR text of the income-tax feature: the /impostos screen, its CSV and the server's. */
export const taxMessages = {
  title: 'Imposto de Renda',
  subtitle: 'Day trade e operações comuns em mercado futuro, mês a mês, com o DARF a pagar.',
  note:
    'Calculado a partir das operações que o Vórtex tem registradas nas suas contas. ' +
    'Confira com as notas de corretagem: este cálculo não substitui um contador.',
  demoBasis:
    'Você só tem contas demo: este cálculo usa as operações delas como simulação. ' +
    'Operações em conta demo não geram imposto, e nenhum lembrete de DARF é enviado.',
  yearLabel: 'Ano',
  empty: 'Nenhuma operação encerrada neste ano.',
  loading: 'Calculando...',
  loadFailed: 'Não foi possível calcular o imposto. Tente novamente.',
  retry: 'Tentar novamente',
  readOnly:
    'Seu perfil é de visualização: você vê o cálculo, mas não altera as configurações nem marca pagamentos.',
  // The months' table.
  colMonth: 'Mês',
  colDayTrade: 'Day trade',
  colSwing: 'Operações comuns',
  colLossDayTrade: 'Prejuízo a compensar (day trade)',
  colLossSwing: 'Prejuízo a compensar (comuns)',
  colBase: 'Base de cálculo',
  colTax: 'Imposto devido',
  colIrrf: 'IRRF deduzido',
  colDarf: 'DARF',
  colDueDate: 'Vencimento',
  colStatus: 'Situação',
  totalRow: 'Total do ano',
  statusInProgress: 'Mês em andamento',
  statusNone: 'Nada a pagar',
  statusBelowMinimum: 'abaixo de R$ 10,00 — acumulado',
  statusDue: 'A pagar',
  statusPaid: 'Pago',
  statusOverdue: 'Vencido',
  markPaid: 'Marcar como pago',
  unmarkPaid: 'Desmarcar pagamento',
  paidOn: 'Pago em',
  paidAmountDiffers: 'O valor calculado mudou desde que o pagamento foi marcado.',
  darfCode: 'Código 6015',
  markFailed: 'Não foi possível registrar o pagamento do DARF. Tente novamente.',
  // A month's operations.
  showDays: 'Ver operações',
  hideDays: 'Ocultar operações',
  daysEmpty: 'Nenhuma operação encerrada neste mês.',
  daysLoadFailed: 'Não foi possível carregar as operações do mês.',
  colDay: 'Dia',
  colSymbol: 'Ativo',
  colKind: 'Tipo',
  colVolume: 'Contratos',
  colOpen: 'Abertura',
  colClose: 'Encerramento',
  colGross: 'Resultado bruto',
  colCosts: 'Custos',
  colResult: 'Resultado líquido',
  colIrrfDay: 'IRRF do dia',
  kindDayTrade: 'Day trade',
  kindSwing: 'Comum',
  beforeHistory: 'antes do histórico',
  // Settings.
  settingsTitle: 'Custos e lembretes',
  costLabel: 'Custo por contrato por lado (R$)',
  costHint:
    'Para corretoras cujas ordens no MT5 não trazem corretagem e emolumentos. Zero usa só o que as ordens informam.',
  reminderLabel: 'Lembrar do DARF cinco dias úteis antes do vencimento',
  saveSettings: 'Salvar',
  settingsSaved: 'Configurações de imposto salvas.',
  settingsFailed: 'Não foi possível salvar as configurações de imposto.',
  // Downloads.
  downloadCsv: 'Baixar CSV anual',
  printable: 'Versão para impressão',
  print: 'Imprimir',
  back: 'Voltar ao Imposto de Renda',
  csvFailed: 'Não foi possível baixar o CSV anual. Tente novamente.',
  consolidationTitle: 'Consolidação mensal',
  annualTitle: 'Renda Variável — Operações em mercado futuro',
  annualSubtitle: 'Resumo anual no formato da declaração do IRPF (ficha Renda Variável).',
  // Reminder alert.
  reminderTitle: 'Lembrete: DARF do imposto de renda',
  // Validation and server answers (field names come from field-labels).
  yearInvalid: 'Ano inválido: informe um ano entre 2000 e 2100.',
  monthInvalid: 'Mês inválido: use o formato AAAA-MM.',
  costInvalid: 'Custo por contrato inválido: informe um valor entre R$ 0,00 e R$ 1.000,00.',
  paidInvalid: 'Informe se o DARF foi pago (verdadeiro ou falso).',
  reminderInvalid: 'Informe se quer o lembrete do DARF (verdadeiro ou falso).',
  noDarfToMark: 'Não há DARF a pagar neste mês.',
  paidMarked: 'DARF marcado como pago.',
  paidUnmarked: 'Pagamento do DARF desmarcado.',
} as const;

const MONTH_NAMES = [
  'janeiro',
  'fevereiro',
  'março',
  'abril',
  'maio',
  'junho',
  'julho',
  'agosto',
  'setembro',
  'outubro',
  'novembro',
  'dezembro',
] as const;

/** 'YYYY-MM' as people say it: '2026-01' -> 'janeiro de 2026'. */
export function taxMonthLabel(month: string): string {
  const name = MONTH_NAMES[Number(month.slice(5, 7)) - 1];
  return name ? `${name} de ${month.slice(0, 4)}` : month;
}

/** 'YYYY-MM-DD' as dd/mm/aaaa, read as a calendar day (no time zone can shift it). */
export function taxDayLabel(day: string): string {
  const [y, m, d] = day.split('-');
  return y && m && d ? `${d}/${m}/${y}` : day;
}

/** The printable page's line under its title. */
export function annualYearLabel(year: number): string {
  return `Ano-calendário ${year}`;
}

/** The alert text of a DARF reminder. */
export function darfReminderText(monthLabel: string, amount: string, dueDate: string): string {
  return `O DARF do imposto de renda sobre operações em bolsa de ${monthLabel} (código 6015), no valor de ${amount}, vence em ${dueDate}.`;
}
