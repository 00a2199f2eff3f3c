/** The texts of /reports' 'Importar relatório do MT5' section (issue 16). */
export const importTexts = {
  title: 'Importar relatório do MT5',
  description:
    'Envie o relatório de histórico de negociação (HTML ou XLSX) ou do Testador de Estratégia que o seu terminal MetaTrader 5 exporta. As operações entram na conta do relatório, a mesma que o agente alimenta se ela estiver conectada: cada deal é guardado uma vez, então reenviar um período acrescenta só o que falta.',
  file: 'Arquivo do relatório',
  hint: 'Arquivos .htm, .html ou .xlsx de até 400 MB.',
  submit: 'Importar',
  uploading: 'Enviando o arquivo...',
  reading: 'Lendo o relatório...',
  storing: 'Gravando as operações...',
  progress: 'Progresso da importação',
  failed: 'Não foi possível importar o relatório',
  connection: 'Erro ao conectar com o servidor.',
  done: 'Relatório importado',
  account: (label: string) => `Conta: ${label}`,
  intoConnected: 'A conta já estava conectada pelo agente: entraram só os deals que faltavam.',
  positions: (n: number) => `${n} ${n === 1 ? 'posição fechada' : 'posições fechadas'} na conta.`,
  openDashboard: 'Abrir o dashboard desta conta',
  tooLarge: 'O arquivo passa de 400 MB, o limite de um relatório.',
};
