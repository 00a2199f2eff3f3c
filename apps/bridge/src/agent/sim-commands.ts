import type { Command } from '@vortex/core';
import { RETCODE, type OrderTypeName, type Simulator, type TradeResult } from '../sim/index.js';
import { commandMessages, retcodeMessage } from './messages.js';
import type { CommandOutcome, TerminalInfo } from './mt5-source.js';

type PlaceOrder = Extract<Command, { kind: 'place_order' }>;
type ModifyOrder = Extract<Command, { kind: 'modify_order' }>;

function orderType(c: PlaceOrder): OrderTypeName {
  const side = c.side === 'buy' ? 'BUY' : 'SELL';
  return c.order_type === 'market'
    ? side
    : c.order_type === 'limit'
      ? `${side}_LIMIT`
      : `${side}_STOP`;
}

function outcome(r: TradeResult): CommandOutcome {
  return {
    ok: r.retcode === RETCODE.DONE,
    retcode: r.retcode,
    message: r.comment,
    data: { order: r.order, deal: r.deal, price: r.price, volume: r.volume },
  };
}

// MT5 modifies a pending order (TRADE_ACTION_MODIFY) or a position's stops (TRADE_ACTION_SLTP);
// the protocol has one command, so the ticket decides. Tickets never collide: a position's id
// is the ticket of the order that opened it, and that order is no longer pending.
function modify(sim: Simulator, c: ModifyOrder): TradeResult {
  const change = {
    ...(c.price === undefined ? {} : { price: c.price }),
    ...(c.sl === undefined ? {} : { sl: c.sl }),
    ...(c.tp === undefined ? {} : { tp: c.tp }),
  };
  const isPosition = sim.positions().some((p) => p.ticket === c.ticket);
  if (isPosition && c.price === undefined) return sim.modifyPosition(c.ticket, change);
  return sim.modifyOrder(c.ticket, change);
}

/** Whether the simulated terminal is logged in; a logged-out one trades nothing. */
export interface SimSession {
  loggedIn: boolean;
}

/** MT5's answer to a trade request from a terminal that is not connected to its server. */
const NO_CONNECTION = 10031;

/**
 * Runs a command on the simulator, which must already be at the current time. The simulated
 * terminal has one account, as a real one cannot be switched by a program: mt5_login takes any
 * password but only its account number; mt5_logout disconnects it until the next login.
 */
export function runSimCommand(
  sim: Simulator,
  terminal: TerminalInfo,
  session: SimSession,
  c: Command,
): CommandOutcome {
  const kind: string = c.kind;
  const { account_number: account, server } = terminal;
  const trading = kind !== 'mt5_login' && kind !== 'mt5_logout' && kind !== 'subscribe_bars';
  if (trading && !session.loggedIn) {
    return { ok: false, retcode: NO_CONNECTION, message: retcodeMessage(NO_CONNECTION) };
  }
  switch (c.kind) {
    case 'mt5_logout':
      session.loggedIn = false;
      return { ok: true, message: commandMessages.loggedOut(account), data: { account, server } };
    case 'mt5_login': {
      if (c.login !== account) {
        return { ok: false, message: commandMessages.loginMismatch(c.login, account, server) };
      }
      session.loggedIn = true;
      return {
        ok: true,
        message: commandMessages.loginOk(account, server),
        data: { account, server },
      };
    }
    case 'place_order':
      return outcome(
        sim.placeOrder({
          type: orderType(c),
          symbol: c.symbol,
          volume: c.volume,
          ...(c.price === undefined ? {} : { price: c.price }),
          sl: c.sl,
          tp: c.tp,
          magic: c.magic,
          comment: c.comment,
          source: 'expert',
        }),
      );
    case 'modify_order':
      return outcome(modify(sim, c));
    case 'cancel_order':
      return outcome(sim.cancelOrder(c.ticket));
    case 'close_position':
      return outcome(
        sim.closePosition(c.ticket, {
          source: 'expert',
          ...(c.volume === undefined ? {} : { volume: c.volume }),
        }),
      );
    case 'subscribe_bars':
      if (c.symbol !== sim.symbol)
        return { ok: false, message: commandMessages.unknownSymbol(c.symbol) };
      return {
        ok: true,
        message: commandMessages.subscribed(c.symbol, c.timeframe),
        data: { symbol: c.symbol, timeframe: c.timeframe },
      };
    default:
      return { ok: false, message: commandMessages.unsupported(kind) };
  }
}
