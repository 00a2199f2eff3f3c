/** The texts of the period controls every trading screen shares (issue 26: any period). */
export const periodTexts = {
  all: 'Todo o histórico',
  allTitle: 'Desde o primeiro deal da conta',
  custom: 'Personalizado',
  customLegend: 'Período personalizado',
  from: 'De',
  to: 'Até',
  format: 'dd/mm/aaaa',
  formatHint: 'Datas no formato dd/mm/aaaa, dias de Brasília; o dia final entra inteiro.',
  apply: 'Aplicar',
  invalidFrom: 'Data inicial inválida: use dd/mm/aaaa.',
  invalidTo: 'Data final inválida: use dd/mm/aaaa.',
  // The server's own words (trading.messages.ts).
  inverted: 'A data inicial deve ser anterior à data final.',
  showingCustom: (from: string, to: string) => `De ${from} a ${to}`,
  span: (from: string, to: string) => `Dados de ${from} a ${to}`,
  noDeals: 'Ainda não há deals registrados.',
} as const;
