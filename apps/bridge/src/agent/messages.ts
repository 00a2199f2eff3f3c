/** What a trader reads about commands, in pt-BR, kept together so the texts are easy to find. */
export const commandMessages = {
  expired: 'Comando expirado.',
  interrupted:
    'O agente foi interrompido durante a execução deste comando e não sabe se ele chegou ao MT5. ' +
    'Confira as ordens e posições no terminal antes de repetir.',
  failed: (reason: string) => `Falha ao executar o comando: ${reason}`,
  // MQL5 has no call that logs a terminal out, so neither adapter can do it.
  unsupported: (kind: string) =>
    kind === 'mt5_logout'
      ? 'O MetaTrader 5 não permite que um programa desconecte a conta: faça o logout pelo próprio terminal.'
      : `O comando "${kind}" não é suportado por este agente.`,
  loginOk: (account: number, server: string) =>
    `O terminal está conectado à conta ${account} (${server}).`,
  loggedOut: (account: number) => `Conta ${account} desconectada do terminal.`,
  loginMismatch: (wanted: number, account: number, server: string) =>
    `O terminal está conectado à conta ${account} (${server}), não à ${wanted}. ` +
    'Um programa não pode trocar a conta do MT5: faça o login pelo próprio terminal.',
  subscribed: (symbol: string, timeframe: string) =>
    `Barras ${timeframe} de ${symbol} sendo enviadas.`,
  unknownSymbol: (symbol: string) => `O símbolo ${symbol} não está disponível no terminal.`,
  eaOffline: 'O Expert Advisor VortexBridge não está conectado ao agente.',
  eaTimeout:
    'O Expert Advisor não respondeu a tempo. Confira as ordens e posições no MT5 antes de repetir.',
  notFound: (ticket: number) => `Ordem ou posição ${ticket} não encontrada no terminal.`,
  eaBadCommand: 'O Expert Advisor não entendeu o comando: atualize o VortexBridge.mq5 no MT5.',
  terminalError: (detail: string) =>
    `O MT5 recusou o pedido antes de enviá-lo à corretora (${detail || 'sem detalhe'}).`,
  eaDone: 'Comando executado pelo Expert Advisor.',
  eaFailed: 'O Expert Advisor não conseguiu executar o comando.',
  eaDropped:
    'O Expert Advisor desconectou durante a execução. Confira as ordens e posições no MT5 antes de repetir.',
} as const;

/** MT5 trade server return codes (MqlTradeResult.retcode) in pt-BR; the codes are what programs compare. */
export const TRADE_RETCODE_MESSAGES: Readonly<Record<number, string>> = {
  10004: 'Recotação',
  10006: 'Solicitação rejeitada',
  10007: 'Solicitação cancelada pelo trader',
  10008: 'Ordem colocada',
  10009: 'Solicitação concluída',
  10010: 'Solicitação concluída parcialmente',
  10011: 'Erro ao processar a solicitação',
  10012: 'Solicitação cancelada por tempo esgotado',
  10013: 'Solicitação inválida',
  10014: 'Volume inválido na solicitação',
  10015: 'Preço inválido na solicitação',
  10016: 'Stops inválidos na solicitação',
  10017: 'Negociação desabilitada',
  10018: 'Mercado fechado',
  10019: 'Não há dinheiro suficiente para realizar a solicitação',
  10020: 'Os preços mudaram',
  10021: 'Não há cotações para processar a solicitação',
  10022: 'Expiração da ordem inválida',
  10023: 'O estado da ordem mudou',
  10024: 'Solicitações demais',
  10025: 'A solicitação não muda nada',
  10026: 'Negociação automática desabilitada pelo servidor',
  10027: 'Negociação automática desabilitada no terminal (botão Algo Trading)',
  10028: 'Solicitação bloqueada para processamento',
  10029: 'Ordem ou posição congelada',
  10030: 'Tipo de preenchimento da ordem inválido',
  10031: 'Sem conexão com o servidor de negociação',
  10032: 'Operação permitida apenas em contas reais',
  10033: 'Limite de ordens pendentes atingido',
  10034: 'Limite de volume de ordens e posições atingido',
  10035: 'Tipo de ordem incorreto ou proibido',
  10036: 'A posição já foi fechada',
  10038: 'Volume de fechamento maior que o da posição',
  10039: 'Já existe uma ordem de fechamento para esta posição',
  10040: 'Limite de posições abertas atingido',
  10041: 'Ativação da ordem pendente rejeitada; a ordem foi cancelada',
  10042: 'Só são permitidas posições compradas neste símbolo',
  10043: 'Só são permitidas posições vendidas neste símbolo',
  10044: 'Só é permitido fechar posições neste símbolo',
  10045: 'O fechamento deve seguir a regra FIFO',
  10046: 'Posições opostas no mesmo símbolo são proibidas nesta conta',
};

/** MT5 codes that mean the request went through (placed, done, or partly done). */
export const SUCCESS_RETCODES: ReadonlySet<number> = new Set([10008, 10009, 10010]);

/** The pt-BR text of a retcode, or the terminal's own text when we do not know the code. */
export function retcodeMessage(retcode: number, fallback = ''): string {
  return TRADE_RETCODE_MESSAGES[retcode] ?? (fallback || `Código de retorno ${retcode}`);
}
