import { mt5Results, type Mt5ResultsDeal } from './mt5-results.js';
import type { BalanceOperation, TradeResults } from './results.js';
import { balanceEffect, isTradeDeal } from './statement-tables.js';
import type { StatementDeal } from './statement.types.js';

/**
 * What the Results block needs of the period's deals, taken one at a time in time order: per
 * trade deal its time, side, whether it closes and its net; per other deal its time and amount.
 * The smallest records mt5Results reads, so a statement streamed over years keeps only these.
 */
export class ResultsInputs {
  private readonly trades: Mt5ResultsDeal[] = [];
  private readonly operations: BalanceOperation[] = [];

  add(deal: StatementDeal): void {
    if (isTradeDeal(deal)) {
      this.trades.push({
        time: deal.time_msc,
        side: deal.type === 0 ? 'BUY' : 'SELL',
        closes: deal.entry !== 0,
        net: balanceEffect(deal),
      });
    } else {
      this.operations.push({ time: deal.time_msc, amount: balanceEffect(deal), type: deal.type });
    }
  }

  /** MT5 counts closing deals as trades: only the period's own deals enter its Results. */
  results(startBalance: number): TradeResults {
    return mt5Results(this.trades, startBalance, this.operations);
  }
}
