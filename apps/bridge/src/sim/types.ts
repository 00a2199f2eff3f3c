import type {
  BalanceDealType,
  DealEntryCode,
  DealReason,
  OrderTypeCode,
  OrderTypeName,
  Retcode,
  Side,
} from './retcodes.js';

/**
 * One deal with MT5's HistoryDealGet fields; money in the account's currency, `time` in s,
 * `time_msc` in ms. A balance operation (type 2 and above) has no symbol, order or position
 * (entry 0) and its amount as the profit, as MT5 writes it.
 */
export interface SimDeal {
  readonly ticket: number;
  readonly order: number;
  readonly position_id: number;
  readonly symbol: string;
  readonly type: Side | BalanceDealType;
  readonly entry: DealEntryCode;
  readonly volume: number;
  readonly price: number;
  /** Result of the volume this deal closed: points × point value × volume, signed. */
  readonly profit: number;
  /** Negative: what the broker charged for this deal's whole volume. */
  readonly commission: number;
  /** DEAL_FEE, negative: 0 unless the simulator was given a fee per contract. */
  readonly fee: number;
  readonly swap: number;
  readonly magic: number;
  readonly reason: DealReason;
  readonly comment: string;
  readonly time: number;
  readonly time_msc: number;
}

/**
 * An order that left the book (HistoryOrderGet fields): filled, canceled or rejected. A closing
 * order carries the S / L and T / P the position had when it closed, as MT5's DEAL_SL/DEAL_TP.
 */
export interface SimHistoryOrder {
  readonly ticket: number;
  readonly symbol: string;
  readonly type: OrderTypeCode;
  /** MT5 ORDER_STATE: 2 canceled, 4 filled, 5 rejected. */
  readonly state: 2 | 4 | 5;
  readonly volume_initial: number;
  readonly volume_current: number;
  /** 0 for a market order. */
  readonly price_open: number;
  readonly sl: number;
  readonly tp: number;
  readonly price_current: number;
  readonly time_setup_msc: number;
  readonly time_done_msc: number;
  readonly magic: number;
  readonly comment: string;
  readonly position_id: number;
  readonly reason: DealReason;
}

/** An open position (PositionGet fields); `ticket` is also its position id. */
export interface PositionInfo {
  readonly ticket: number;
  readonly identifier: number;
  readonly symbol: string;
  readonly type: Side;
  readonly volume: number;
  readonly price_open: number;
  readonly sl: number;
  readonly tp: number;
  readonly price_current: number;
  readonly profit: number;
  readonly swap: number;
  readonly magic: number;
  readonly comment: string;
  readonly time: number;
  readonly time_msc: number;
  readonly time_update_msc: number;
}

/** A pending order (OrderGet fields). */
export interface PendingOrderInfo {
  readonly ticket: number;
  readonly symbol: string;
  readonly type: OrderTypeCode;
  readonly volume_initial: number;
  readonly volume_current: number;
  readonly price_open: number;
  readonly sl: number;
  readonly tp: number;
  readonly magic: number;
  readonly comment: string;
  readonly time_setup: number;
  readonly time_setup_msc: number;
}

/** AccountInfo fields; margin_level is 0 with no margin in use. */
export interface AccountInfo {
  readonly login: number;
  readonly server: string;
  /** The deposit currency, 'BRL' unless the simulator was given another. */
  readonly currency: string;
  /** ACCOUNT_MARGIN_MODE: 0 retail netting, 2 retail hedging. */
  readonly margin_mode: 0 | 2;
  readonly leverage: number;
  readonly balance: number;
  readonly credit: number;
  readonly profit: number;
  readonly equity: number;
  readonly margin: number;
  readonly margin_free: number;
  readonly margin_level: number;
  readonly margin_so_so: number;
}

export interface OrderRequest {
  readonly type: OrderTypeName;
  readonly volume: number;
  /** Required for pending orders; ignored for market ones (they fill at bid/ask). */
  readonly price?: number;
  /** 0 or absent: none. */
  readonly sl?: number;
  readonly tp?: number;
  readonly magic?: number;
  readonly comment?: string;
  /** Defaults to the simulator's symbol; any other is refused. */
  readonly symbol?: string;
  /** Who sent it; defaults to 'expert' when magic is set, else 'client'. */
  readonly source?: 'client' | 'expert';
}

/** MqlTradeResult: `order` and `deal` are 0 when none was created. */
export interface TradeResult {
  readonly retcode: Retcode;
  readonly comment: string;
  readonly order: number;
  readonly deal: number;
  readonly volume: number;
  readonly price: number;
  readonly bid: number;
  readonly ask: number;
}
