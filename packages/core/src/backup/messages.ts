/** What an administrator reads about backups (trading.md §2, §8), pt-BR. */
export const backupMessages = {
  saveError: 'Erro ao salvar configurações',
  runError: 'Erro ao executar backup',
  downloadError: 'Erro ao fazer download do backup',
  networkError: 'Erro de rede: ',
  saved: 'Configurações salvas com sucesso!',
  ran: 'Backup executado com sucesso!',
  alreadyRunning: 'Já existe um backup em andamento. Aguarde a conclusão.',
  invalidFilename: 'Nome de arquivo de backup inválido.',
  notFound: 'Backup não encontrado.',
  noDumpTool: 'Nenhuma ferramenta de dump disponível para esta versão do PostgreSQL.',
  verifyMismatch: (table: string, expected: number, got: number) =>
    `Verificação falhou: a tabela ${table} tem ${got} linhas restauradas, esperadas ${expected}.`,
  verifyRestoreFailed: (reason: string) =>
    `Verificação falhou: a restauração não concluiu (${reason}).`,
  dumpFailed: (reason: string) => `Falha ao gerar o dump: ${reason}`,
  /** What the server's disk errors name: 'Sem espaço em disco para o backup (/data/backups).' */
  diskTarget: (dir: string) => `o backup (${dir})`,
  interrupted: 'Backup interrompido: o servidor foi encerrado durante a execução.',
  databaseLost: 'Backup interrompido: o banco de dados ficou indisponível durante a execução.',
} as const;

export const backupStatusLabels = {
  success: 'Sucesso',
  failed: 'Falhou',
  in_progress: 'Em andamento',
  unknown: 'Desconhecido',
} as const;

export const backupTypeLabels = { manual: 'Manual', automatic: 'Automático' } as const;

export const backupFrequencyLabels = {
  daily: 'Diário',
  weekly: 'Semanal',
  monthly: 'Mensal',
} as const;
