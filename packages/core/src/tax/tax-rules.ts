/**
 * The rules of income tax on B3 futures for a resident individual (pessoa física), in cents and
 * fractions. Sources (cited in README's "Imposto de renda" section): Lei 8.981/1995 arts. 72–74
 * (ganhos líquidos, monthly, losses carried against the same kind), Lei 11.033/2004 art. 2 (15 %
 * on operações comuns, IRRF of 0,005 % dispensed up to R$ 1,00), Lei 9.959/2000 art. 8 and IN RFB
 * 1.585/2015 arts. 56–58 and 65 (20 % on day trade, IRRF of 1 % on the day's positive result,
 * both IRRFs deducted from the month's tax and carried when larger), IN RFB 1.585/2015 art. 65
 * §1 (day trade: opened and closed the same day at the same broker), Lei 9.430/1996 art. 68
 * (a DARF under R$ 10,00 is added to later months until the sum reaches R$ 10,00), and Receita
 * Federal's code 6015 (ganhos líquidos em operações em bolsa, pessoa física), due on the last
 * business day of the month after the gains.
 */

export const TAX_KINDS = ['day_trade', 'swing'] as const;
/** 'day_trade' opened and closed on one trading day; 'swing' is the law's "operações comuns". */
export type TaxKind = (typeof TAX_KINDS)[number];

export const TAX_RATE: Readonly<Record<TaxKind, number>> = { day_trade: 0.2, swing: 0.15 };

/** IRRF on each day's positive day-trade result at a broker. */
export const IRRF_DAY_TRADE_RATE = 0.01;
/** IRRF on the positive result of each swing operation at its close (Lei 11.033/2004). */
export const IRRF_SWING_RATE = 0.00005;
/** A swing IRRF of up to R$ 1,00 in a day at a broker is not withheld. */
export const IRRF_SWING_DISPENSED_UP_TO_CENTS = 100;

/** A DARF under R$ 10,00 is not paid: it is added to the next month's until the sum reaches it. */
export const DARF_MINIMUM_CENTS = 1000;

/** The reminder goes out this many business days before a DARF falls due. */
export const DARF_REMINDER_BUSINESS_DAYS = 5;

/** The most a trader may set as a cost per contract per side (R$). */
export const MAX_COST_PER_CONTRACT = 1000;

export const toCents = (reais: number): number => Math.round(reais * 100);
