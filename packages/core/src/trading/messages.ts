/** Texts the trading charts show, in pt-BR. */
export const tradingMessages = {
  histogram: {
    belowMinus100: 'Abaixo de -100',
    minus100ToMinus50: '-100 a -50',
    minus50ToMinus25: '-50 a -25',
    minus25To0: '-25 a 0',
    zeroTo25: '0 a 25',
    from25To50: '25 a 50',
    from50To100: '50 a 100',
    above100: 'Acima de 100',
  },
} as const;
