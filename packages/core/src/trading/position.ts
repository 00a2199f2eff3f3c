import type { DealSide } from './deal.schema.js';

/** A round trip rebuilt from deals: open time to the deal that brought the volume back to zero. */
export interface ClosedPosition {
  /** The MT5 position id (or the ticket when the source had none). */
  position_id: string;
  /**
   * 1 for the first round trip of this id; netting reversals (INOUT) start the next. 0 when the
   * id's first deal in the history closes: the position was opened before the history starts.
   */
  round_trip: number;
  symbol: string;
  magic: number;
  type: DealSide;
  /** Volume opened in this round trip, in lots. */
  volume: number;
  /** Volume-weighted prices of the opening and closing deals. */
  entry_price: number;
  exit_price: number;
  /** Epoch milliseconds. */
  open_time: number;
  close_time: number;
  /** 'Xh Ym' from open_time to close_time. */
  duration: string;
  /** Sum of the closing deals' profit, before commission and swap. */
  profit: number;
  /** Summed over every deal of the round trip. */
  commission: number;
  /** MT5's DEAL_FEE summed over the round trip's deals; absent means none. */
  fee?: number;
  swap: number;
  /** Why the last closing deal happened (MT5 deal reason: EXPERT, SL, TP, ...), or UNKNOWN. */
  exit_reason: string;
  /** 'open' when only part of the volume has been closed so far. */
  status: 'closed' | 'open';
  /**
   * Always true: a position without a closing deal is not built (spec §5); one whose opening is
   * before the history is, as round trip 0 (openedBeforeHistory), so its money is not lost.
   */
  is_complete: true;
}

/** What the statistics need from a position; lets callers pass lighter records. */
export type PositionLike = Pick<
  ClosedPosition,
  'symbol' | 'profit' | 'commission' | 'fee' | 'swap' | 'open_time' | 'close_time'
>;

// MT5's report counts commission, fee and swap in the net result: every statistic here uses
// this net, so the screens agree with the statement (a deal's fee is DEAL_FEE).
/** Net result of a position: profit + commission + fee + swap (non-finite as a whole: 0). */
export function netProfitOf(
  position: Pick<PositionLike, 'profit' | 'commission' | 'swap'> & { fee?: number },
): number {
  const net = position.profit + position.commission + (position.fee ?? 0) + position.swap;
  return Number.isFinite(net) ? net : 0;
}

/**
 * The position was opened before the stored history starts: its entry price is unknown (0), its
 * open time is its first closing deal's and its volume is what the history shows it closed.
 */
export function openedBeforeHistory(position: Pick<ClosedPosition, 'round_trip'>): boolean {
  return position.round_trip === 0;
}
