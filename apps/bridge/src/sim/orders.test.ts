import { describe, expect, it } from 'vitest';
import {
  checkPendingPrice,
  checkStops,
  isTriggered,
  OrderBook,
  type PendingOrder,
} from './orders.js';
import { ORDER_TYPE, RETCODE } from './retcodes.js';

const quote = { bid: 125_000, ask: 125_005 };
const order = (type: PendingOrder['type'], price: number, ticket = 1): PendingOrder => ({
  ticket,
  symbol: 'WINJ25',
  type,
  volume: 1,
  price,
  sl: 0,
  tp: 0,
  magic: 0,
  comment: '',
  expert: false,
  time_setup_msc: 0,
});

describe('checkStops', () => {
  it('wants a buy’s SL below and TP above the reference, and 0 for none', () => {
    expect(checkStops(0, 125_000, 124_800, 125_200, 5)).toBeNull();
    expect(checkStops(0, 125_000, 0, 0, 5)).toBeNull();
    expect(checkStops(0, 125_000, 125_100, 0, 5)).toBe(RETCODE.INVALID_STOPS);
    expect(checkStops(0, 125_000, 0, 124_900, 5)).toBe(RETCODE.INVALID_STOPS);
    expect(checkStops(0, 125_000, 125_000, 0, 5)).toBe(RETCODE.INVALID_STOPS);
  });

  it('mirrors for a sell and refuses levels off the grid or negative', () => {
    expect(checkStops(1, 125_005, 125_200, 124_800, 5)).toBeNull();
    expect(checkStops(1, 125_005, 124_900, 0, 5)).toBe(RETCODE.INVALID_STOPS);
    expect(checkStops(1, 125_005, 125_203, 0, 5)).toBe(RETCODE.INVALID_STOPS);
    expect(checkStops(1, 125_005, -5, 0, 5)).toBe(RETCODE.INVALID_STOPS);
  });
});

describe('checkPendingPrice', () => {
  it('puts limits on the better side of the market and stops beyond it', () => {
    expect(checkPendingPrice(ORDER_TYPE.BUY_LIMIT, 124_950, quote, 5)).toBeNull();
    expect(checkPendingPrice(ORDER_TYPE.BUY_LIMIT, 125_005, quote, 5)).toBe(RETCODE.INVALID_PRICE);
    expect(checkPendingPrice(ORDER_TYPE.SELL_LIMIT, 125_050, quote, 5)).toBeNull();
    expect(checkPendingPrice(ORDER_TYPE.SELL_LIMIT, 124_950, quote, 5)).toBe(RETCODE.INVALID_PRICE);
    expect(checkPendingPrice(ORDER_TYPE.BUY_STOP, 125_100, quote, 5)).toBeNull();
    expect(checkPendingPrice(ORDER_TYPE.BUY_STOP, 124_900, quote, 5)).toBe(RETCODE.INVALID_PRICE);
    expect(checkPendingPrice(ORDER_TYPE.SELL_STOP, 124_900, quote, 5)).toBeNull();
    expect(checkPendingPrice(ORDER_TYPE.SELL_STOP, 125_100, quote, 5)).toBe(RETCODE.INVALID_PRICE);
    expect(checkPendingPrice(ORDER_TYPE.BUY_LIMIT, 124_953, quote, 5)).toBe(RETCODE.INVALID_PRICE);
  });
});

describe('isTriggered', () => {
  it('buys on the ask and sells on the bid', () => {
    expect(isTriggered(order(ORDER_TYPE.BUY_LIMIT, 124_950), { bid: 124_950, ask: 124_955 })).toBe(
      false,
    );
    expect(isTriggered(order(ORDER_TYPE.BUY_LIMIT, 124_950), { bid: 124_945, ask: 124_950 })).toBe(
      true,
    );
    expect(isTriggered(order(ORDER_TYPE.SELL_LIMIT, 125_100), { bid: 125_100, ask: 125_105 })).toBe(
      true,
    );
    expect(isTriggered(order(ORDER_TYPE.BUY_STOP, 125_100), { bid: 125_090, ask: 125_095 })).toBe(
      false,
    );
    expect(isTriggered(order(ORDER_TYPE.BUY_STOP, 125_100), { bid: 125_115, ask: 125_120 })).toBe(
      true,
    );
    expect(isTriggered(order(ORDER_TYPE.SELL_STOP, 124_900), { bid: 124_900, ask: 124_905 })).toBe(
      true,
    );
  });

  it('lists what a quote reaches, oldest first', () => {
    const book = new OrderBook();
    book.add(order(ORDER_TYPE.SELL_STOP, 124_900, 3));
    book.add(order(ORDER_TYPE.BUY_LIMIT, 124_950, 4));
    book.add(order(ORDER_TYPE.BUY_STOP, 125_100, 5));
    expect(book.triggered({ bid: 124_880, ask: 124_885 }).map((o) => o.ticket)).toEqual([3, 4]);
    expect(book.remove(3)).toBe(true);
    expect(book.size).toBe(2);
  });
});
