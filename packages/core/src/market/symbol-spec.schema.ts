import { z } from 'zod';
import { plainText } from '../text/plain-text.js';

/** Symbols whose specification one hello may carry: far above a real Market Watch. */
export const MAX_SYMBOL_SPECS = 1_000;

/**
 * A symbol's contract as the terminal states it (MQL5 SymbolInfo*): SYMBOL_TRADE_TICK_SIZE,
 * SYMBOL_TRADE_TICK_VALUE (money of one tick of one lot, in the account's deposit currency),
 * SYMBOL_TRADE_CONTRACT_SIZE, SYMBOL_VOLUME_MIN, SYMBOL_VOLUME_STEP, SYMBOL_CURRENCY_PROFIT and
 * SYMBOL_DIGITS. A terminal that has not synchronised a symbol reports 0 for its tick: such an
 * entry is not a specification, so sizes and values must be positive.
 */
export const SymbolSpecSchema = z.strictObject({
  symbol: plainText().trim().min(1).max(32),
  tick_size: z.number().positive().max(1e6),
  tick_value: z.number().positive().max(1e9),
  contract_size: z.number().positive().max(1e12),
  volume_min: z.number().positive().max(1e6),
  volume_step: z.number().positive().max(1e6),
  currency_profit: plainText().trim().min(1).max(8),
  digits: z.number().int().min(0).max(10),
});
export type SymbolSpec = z.infer<typeof SymbolSpecSchema>;

export const SymbolSpecListSchema = z.array(SymbolSpecSchema).max(MAX_SYMBOL_SPECS);
