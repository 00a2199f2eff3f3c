// What a trader reads when an upload is refused before or after the report is read (pt-BR); what
// is wrong inside the file is in import/messages.ts.

const MB = 1024 * 1024;

export const importRouteMessages = {
  tooLarge: (limit: number) => `O arquivo passa de ${limit / MB} MB, o limite de um relatório.`,
  noFile: 'Envie o arquivo do relatório do MetaTrader 5.',
  noAccount:
    'O relatório não diz de qual conta é (número e servidor): exporte o histórico da conta no terminal.',
  otherAccount: (report: string, target: string) =>
    `O relatório é da conta ${report}, não da conta ${target} escolhida para importar.`,
  notImported: 'Só se importa relatórios em uma conta importada.',
  ticketTooLarge: (ticket: string) =>
    `O relatório tem um número de ticket grande demais: ${ticket}.`,
  /** Tester reports name no account: they go into one imported account per expert and symbol. */
  testerServer: 'Testador de Estratégia',
};
