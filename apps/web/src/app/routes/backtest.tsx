import { BacktestScreen } from '../../features/backtest';

/** Any logged-in user: a backtest only reads the caller's own configuration and bars. */
export function Component() {
  return <BacktestScreen />;
}
