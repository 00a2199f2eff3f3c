import { accountMessages } from '@vortex/core';

// What a trader reads when an upload is refused before or after the report is read (pt-BR); what
// is wrong inside the file is in import/messages.ts.

const MB = 1024 * 1024;

export const importRouteMessages = {
  tooLarge: (limit: number) => `O arquivo passa de ${limit / MB} MB, o limite de um relatório.`,
  noFile: 'Envie o arquivo do relatório do MetaTrader 5.',
  userBusy:
    'Já há uma importação sua em andamento. Espere ela terminar para enviar outro relatório.',
  perHour: (limit: number, minutes: number) =>
    `Limite de ${limit} importações por hora atingido. Tente novamente em ${minutes} ${minutes === 1 ? 'minuto' : 'minutos'}.`,
  serverBusy: 'O servidor está lendo outros relatórios agora. Tente novamente em instantes.',
  deadline: (seconds: number) =>
    `O envio do arquivo passou de ${seconds} segundos e foi interrompido. Tente novamente com uma conexão mais rápida ou um período menor.`,
  idle: (seconds: number) =>
    `O envio do arquivo parou por mais de ${seconds} segundos e foi interrompido. Tente novamente.`,
  noSpace: 'Sem espaço em disco no servidor para receber o arquivo. Avise o administrador.',
  noAccount:
    'O relatório não diz de qual conta é (número e servidor): exporte o histórico da conta no terminal.',
  otherAccount: (report: string, target: string) =>
    `O relatório é da conta ${report}, não da conta ${target} escolhida para importar.`,
  ticketTooLarge: (ticket: string) =>
    `O relatório tem um número de ticket grande demais: ${ticket}.`,
  /** Tester reports name no account: they go into one imported account per expert and symbol. */
  testerServer: accountMessages.testerServer,
};
