import { z } from 'zod';

/**
 * The columns of `mt5_accounts` that say where an account trades and the money figures the
 * agent last reported (float8, nullable until the first report), as pg returns them: one row
 * shape for every repository that reads an account.
 */
export const AccountIdentityColumns = {
  account_number: z.number(),
  server: z.string(),
  company: z.string(),
  currency: z.string(),
  trade_mode: z.string(),
  margin_mode: z.string(),
};

export const AccountMoneyColumns = {
  balance: z.number().nullable(),
  equity: z.number().nullable(),
  margin: z.number().nullable(),
  free_margin: z.number().nullable(),
  margin_level: z.number().nullable(),
  profit: z.number().nullable(),
};
