import { tradingMessages } from './messages.js';
import { netProfitOf, type PositionLike } from './position.js';

/** A bucket holds nets in [from, to): the lower bound is inclusive, the upper one exclusive. */
export interface HistogramBucket {
  label: string;
  /** null: unbounded below. */
  from: number | null;
  /** null: unbounded above. */
  to: number | null;
  count: number;
}

const labels = tradingMessages.histogram;
const BUCKETS: readonly (readonly [string, number | null, number | null])[] = [
  [labels.belowMinus100, null, -100],
  [labels.minus100ToMinus50, -100, -50],
  [labels.minus50ToMinus25, -50, -25],
  [labels.minus25To0, -25, 0],
  [labels.zeroTo25, 0, 25],
  [labels.from25To50, 25, 50],
  [labels.from50To100, 50, 100],
  [labels.above100, 100, null],
];

/** P&L distribution of spec §9: -100 falls in '-100 a -50', 0 in '0 a 25', 100 in 'Acima de 100'. */
export function profitHistogram(
  positions: readonly Pick<PositionLike, 'profit' | 'commission' | 'fee' | 'swap'>[],
): HistogramBucket[] {
  const buckets = BUCKETS.map(([label, from, to]) => ({ label, from, to, count: 0 }));
  for (const position of positions) {
    const net = netProfitOf(position);
    const bucket = buckets.find(
      (b) => (b.from === null || net >= b.from) && (b.to === null || net < b.to),
    );
    if (bucket) bucket.count++;
  }
  return buckets;
}
