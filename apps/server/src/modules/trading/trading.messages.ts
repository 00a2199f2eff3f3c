/** What the trading endpoints tell the user, in pt-BR. */
export const tradingApiMessages = {
  invalidStart: 'Data inicial inválida.',
  invalidEnd: 'Data final inválida.',
  startAfterEnd: 'A data inicial deve ser anterior à data final.',
} as const;
