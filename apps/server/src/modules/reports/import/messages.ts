// Everything a trader reads when an import is refused, in one place (pt-BR).

export type SectionName = 'positions' | 'orders' | 'deals' | 'results';

const SECTION_PT: Record<SectionName, string> = {
  positions: 'posições',
  orders: 'ordens',
  deals: 'transações',
  results: 'resultados',
};

function list(words: string[]): string {
  return words.length <= 1
    ? (words[0] ?? '')
    : `${words.slice(0, -1).join(', ')} e ${words[words.length - 1] ?? ''}`;
}

export const importMessages = {
  notMt5: 'O arquivo não é um relatório do MetaTrader 5.',
  empty: 'O arquivo está vazio.',
  brokenXlsx: 'O arquivo XLSX está incompleto ou corrompido.',
  incomplete(missing: SectionName[]): string {
    const names = missing.map((s) => SECTION_PT[s]);
    return names.length === 1
      ? `O relatório está incompleto: falta a seção de ${list(names)}.`
      : `O relatório está incompleto: faltam as seções de ${list(names)}.`;
  },
  unexpectedColumns(section: SectionName): string {
    return `A seção de ${SECTION_PT[section]} não tem as colunas de um relatório do MetaTrader 5.`;
  },
  badValue(section: SectionName, text: string): string {
    return `O relatório tem um valor ilegível na seção de ${SECTION_PT[section]}: "${text}".`;
  },
  notHistory: 'O arquivo não é um relatório de histórico de negociação do MetaTrader 5.',
  notTester: 'O arquivo não é um relatório do Testador de Estratégia do MetaTrader 5.',
  invalid: 'O relatório tem valores fora do formato do MetaTrader 5.',
};

/** A refusal whose message is shown to the trader as is. */
export class ImportRefusal extends Error {
  override readonly name = 'ImportRefusal';
}
