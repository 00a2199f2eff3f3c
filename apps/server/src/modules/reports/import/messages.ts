import { MT5_TESTER_RESULT_LABELS } from '@vortex/core';

// Everything a trader reads when an import is refused, in one place (pt-BR).

/** The label as a pt-BR terminal writes it in the tester's Results ("Ofertas Total"). */
const TOTAL_DEALS = MT5_TESTER_RESULT_LABELS.totalDeals['pt-BR'];

export type SectionName = 'positions' | 'orders' | 'deals' | 'results';

/** A figure of the Deals table's totals row. */
export type TotalName = 'commission' | 'fee' | 'swap' | 'profit' | 'balance';

const TOTAL_PT: Record<TotalName, string> = {
  commission: 'das comissões',
  fee: 'das taxas',
  swap: 'dos swaps',
  profit: 'dos lucros',
  balance: 'do saldo final',
};

const MONEY = new Intl.NumberFormat('pt-BR', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

const SECTION_PT: Record<SectionName, string> = {
  positions: 'posições',
  orders: 'ordens',
  deals: 'transações',
  results: 'resultados',
};

const LINE = new Intl.NumberFormat('pt-BR');

/** A cell's text as quoted back: a refused cell may be any length. */
function quote(text: string): string {
  return text.length > 40 ? `${text.slice(0, 40)}…` : text;
}

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
  /** The Deals table stops before its totals row: the file was cut short. */
  noDealsTotals:
    'O relatório está incompleto: a seção de transações termina sem a linha de totais que o MetaTrader 5 escreve no fim dela (o arquivo parece cortado). Nada foi importado.',
  /** The Strategy Tester's 'Total Deals' against the trade deals its table holds. */
  dealsCount(rows: number, total: number): string {
    return `O relatório está incompleto: a seção de transações tem ${LINE.format(rows)} ${rows === 1 ? 'negócio' : 'negócios'}, mas o total do relatório ("${TOTAL_DEALS}") indica ${LINE.format(total)}. Nada foi importado.`;
  },
  noTotalDeals: `O relatório está incompleto: o bloco de resultados não traz o total de negócios ("${TOTAL_DEALS}"), que confere a seção de transações. Nada foi importado.`,
  totalsDisagree(name: TotalName, rows: number, written: number): string {
    return `O relatório está incompleto: a soma ${TOTAL_PT[name]} na seção de transações (${MONEY.format(rows)}) não confere com o total que o relatório escreve (${MONEY.format(written)}). Nada foi importado.`;
  },
  resultsCut(lines: number, expected: number): string {
    return `O relatório está incompleto: o bloco de resultados tem ${LINE.format(lines)} de ${LINE.format(expected)} linhas (o arquivo parece cortado). Nada foi importado.`;
  },
  unexpectedColumns(section: SectionName): string {
    return `A seção de ${SECTION_PT[section]} não tem as colunas de um relatório do MetaTrader 5.`;
  },
  notHistory: 'O arquivo não é um relatório de histórico de negociação do MetaTrader 5.',
  notTester: 'O arquivo não é um relatório do Testador de Estratégia do MetaTrader 5.',
  /** A refused cell, by the row the trader finds it on and its column's header. */
  cell(line: number, column: string, problem: string): string {
    return `Linha ${LINE.format(line)}, coluna "${column}": ${problem}`;
  },
  /** A value beside its label (the account block, the summary), named by the label. */
  field(line: number, label: string, problem: string): string {
    return `Linha ${LINE.format(line)}, campo "${label}": ${problem}`;
  },
  /** The HTML report's hidden cells (the magic number, the cost) have no header to show. */
  hiddenColumn: 'oculta',
  invalid: 'O relatório tem valores fora do formato do MetaTrader 5.',
  refusedByDatabase:
    'O relatório tem um valor fora dos limites que o Vórtex guarda; nada foi importado.',
};

/** What is wrong with one cell, the end of a cell or row message above. */
export const cellProblems = {
  unreadable: (text: string) => `valor ilegível "${quote(text)}".`,
  impossibleDate: (text: string) => `data inexistente "${quote(text)}".`,
  dateOutOfRange: (text: string, first: number, last: number) =>
    `data fora do período aceito (${first} a ${last}) "${quote(text)}".`,
  /** `limit` is limitText's: "R$ 1 trilhão", "de 0 a 1 bilhão". */
  outOfRange: (limit: string) => `valor fora do limite (${limit}).`,
  notPositive: 'o valor precisa ser maior que zero.',
  control: 'contém um caractere de controle (invisível), que o Vórtex não guarda.',
  tooLong: (max: number) => `texto longo demais (até ${max} caracteres).`,
  tooShort: (min: number) => `texto curto demais (ao menos ${min} caracteres).`,
  empty: 'está vazio.',
  ticketTooLarge: (text: string) => `número grande demais "${quote(text)}".`,
};

const WORDS: [number, string][] = [
  [1e12, 'trilhão'],
  [1e9, 'bilhão'],
  [1e6, 'milhão'],
];

/** 1e12 -> "1 trilhão", 125000 -> "125.000". */
function amount(n: number): string {
  const word = WORDS.find(([unit]) => Math.abs(n) === unit);
  return word ? `1 ${word[1]}` : LINE.format(n);
}

/** A limit as a trader reads it: money is symmetric around zero, the rest starts at `min`. */
export function limitText(min: number, max: number): string {
  return min === -max ? `R$ ${amount(max)}` : `de ${amount(min)} a ${amount(max)}`;
}
/** A refusal whose message is shown to the trader as is. */
export class ImportRefusal extends Error {
  override readonly name = 'ImportRefusal';
}
