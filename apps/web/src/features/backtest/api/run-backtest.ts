import {
  BacktestResponseSchema,
  endpoints,
  type BacktestRequest,
  type BacktestResponse,
  type BotConfig,
} from '@vortex/core';
import { useMutation } from '@tanstack/react-query';
import { NetworkError, requestEndpoint, serverErrorOf } from '../../../lib/api-client';
import { backtestTexts as t } from '../messages';

/** The bars every configuration of one run goes over. */
export type BarsChoice =
  | { source: 'stored'; start_date: string; end_date: string }
  | { source: 'csv'; csv: string }
  | { source: 'simulator'; start_date: string; end_date: string; seed: number };

/** A failed run, its message already in pt-BR. */
export class BacktestError extends Error {
  override name = 'BacktestError';
}

/** POST /api/bot/backtest for one configuration. */
export async function postBacktest(request: BacktestRequest): Promise<BacktestResponse> {
  let res;
  try {
    res = await requestEndpoint(endpoints.backtest.run, { body: request });
  } catch (error) {
    if (error instanceof NetworkError) throw new BacktestError(t.connectionError(error.message));
    throw error;
  }
  if (!res.ok) throw new BacktestError(serverErrorOf(res) ?? t.http(res.status));
  const parsed = BacktestResponseSchema.safeParse(res.data);
  if (!parsed.success) throw new BacktestError(t.invalidAnswer);
  return parsed.data;
}

export interface RunInput {
  bars: BarsChoice;
  /** A alone, or A and B over the same bars. */
  configs: BotConfig[];
}

/** Runs each configuration over the same bars, side by side; one failure fails the run. */
export function useRunBacktest() {
  return useMutation({
    mutationFn: ({ bars, configs }: RunInput) =>
      Promise.all(configs.map((config) => postBacktest({ config, ...bars }))),
  });
}
