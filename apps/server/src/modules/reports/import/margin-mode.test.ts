import { describe, expect, it } from 'vitest';
import type { ImportedDeal } from '@vortex/core';
import { fixture } from '../../../../test/fixtures/mt5/fixtures.js';
import { parseMt5Report } from './detect.js';
import { closedLot, detectMarginMode, ProfitScale } from './margin-mode.js';

let ticket = 0;
function deal(
  type: 'buy' | 'sell',
  direction: ImportedDeal['direction'],
  price: number,
  profit = 0,
  volume = 1,
): ImportedDeal {
  ticket++;
  return {
    ticket: String(ticket),
    time_text: '2024.01.02 10:00:00',
    time: Date.UTC(2024, 0, 2, 10) + ticket * 60_000,
    symbol: 'EURUSD',
    type,
    direction,
    volume,
    price,
    order: String(ticket),
    commission: 0,
    fee: null,
    swap: 0,
    profit,
    balance: 0,
    comment: '',
  };
}

const mode = (deals: ImportedDeal[]) => detectMarginMode({ deals, positions: [] });
// one close with a single position open: 10 of money per unit of price per lot
const learn = () => [deal('buy', 'in', 100), deal('sell', 'out', 102, 20)];

describe('hedging or netting, from what the deals prove', () => {
  // fast-check's counterexample (seed -892025926) in a fresh-clone run: the only scale learned was
  // from a close of −0,01 (a move of −0,0062, so 1 to 2.4 a lot), which the average explained
  // as well as the hedged lot did; it read this hedging account as netting
  it('a scale learned from a close of a cent decides nothing', () => {
    const deals = [
      deal('buy', 'in', 100, 0, 0.01),
      deal('sell', 'out', 99.38, -0.01, 0.01),
      deal('buy', 'in', 100, 0, 0.12),
      deal('buy', 'in', 97.57, 0, 0.03),
      deal('sell', 'out', 103.32, 0.12, 0.02),
    ];
    expect(mode(deals)).toBeNull();
  });

  it('a close whose profit is its own opening’s is hedging; the average’s, netting', () => {
    const two = () => [deal('buy', 'in', 100), deal('buy', 'in', 110)];
    // closing at 108: the first buy made 80, the second -20, the average (105) 30
    expect(mode([...learn(), ...two(), deal('sell', 'out', 108, 80)])).toBe('hedging');
    expect(mode([...learn(), ...two(), deal('sell', 'out', 108, -20)])).toBe('hedging');
    expect(mode([...learn(), ...two(), deal('sell', 'out', 108, 30)])).toBe('netting');
  });

  it('an in/out deal is netting, an in against the open side or an out by is hedging', () => {
    expect(mode([deal('buy', 'in', 100), deal('sell', 'inout', 101, 10, 2)])).toBe('netting');
    expect(mode([deal('buy', 'in', 100), deal('sell', 'in', 101)])).toBe('hedging');
    expect(mode([deal('buy', 'in', 100), deal('sell', 'out_by', 101, 10)])).toBe('hedging');
  });

  it('nothing tells them apart when one position is open at a time', () => {
    expect(mode(learn())).toBeNull();
    expect(mode([])).toBeNull();
    // a history starting with the close of a long opened before it, then a long of its own
    expect(mode([deal('sell', 'out', 101, 5), deal('buy', 'in', 100)])).toBeNull();
  });

  it.each([
    ['ReportTester-Exness-EXP-GBPUSD-H1.html', 'hedging'],
    ['ReportTester-ExnessK1.html', 'hedging'],
    ['ReportTester-ExnessK2.html', 'hedging'],
    // a B3 mini-index netting account, one position at a time: its deals prove neither
    ['ReportTester-RicoDemo-WIN-ptBR.html', null],
    // the header names it
    ['ReportHistory-541223056-FTMO.html', 'hedging'],
  ] as const)('%s: %s', async (file, expected) => {
    const report = await parseMt5Report(fixture(file));
    expect(report.account.margin_mode).toBe(expected);
  });
});

describe('which open position a hedging close took', () => {
  it('the one whose opening price its profit shows, not the oldest', () => {
    const scale = new ProfitScale();
    // 10 of money per unit of price per lot, learned from a close with one position open
    scale.learn(deal('sell', 'out', 102, 20), 100);
    const lots = [
      { side: 0 as const, volume: 1, price: 100.3 },
      { side: 0 as const, volume: 1, price: 100.1 },
    ];
    // half of the second twin closed at 101: 0.9 × 0.5 × 10
    expect(closedLot(deal('sell', 'out', 101, 4.5, 0.5), lots, scale)).toBe(lots[1]);
    expect(closedLot(deal('sell', 'out', 101, 3.5, 0.5), lots, scale)).toBe(lots[0]);
    // nothing learned: the oldest that holds the volume
    expect(closedLot(deal('sell', 'out', 101, 4.5, 0.5), lots, new ProfitScale())).toBe(lots[0]);
  });
});
