import type { Bar } from '../bridge/mt5-records.schema.js';
import {
  DEFAULT_PRICE_MODEL,
  openSession,
  sessionMinutes,
  sessionShape,
  type PriceModel,
  type SessionShape,
} from './price-process.js';
import type { Rng } from './rng.js';
import { SessionCalendar, type SessionHours } from './session.js';

export interface SimulatedBarsOptions {
  /** Same seed and range, same bars. */
  readonly seed: number | string;
  /** Range [from, to) in epoch ms; the first session is the first not closed at `from`. */
  readonly from: number;
  readonly to: number;
  readonly session?: SessionHours;
  readonly priceModel?: Partial<PriceModel>;
}

// Broadie–Glasserman: the extreme of n samples of a Brownian path lies about 0.5826 σ√(T/n)
// inside the continuous one, and the tick path only samples the price at its ticks.
const DISCRETE_EXTREME = 0.5826;

// Contracts per tick are 1 + floor(12u³) (the price process's quote): mean and variance.
const TICK_VOLUME = (() => {
  let mean = 0;
  let square = 0;
  for (let k = 0; k < 12; k++) {
    const p = Math.cbrt((k + 1) / 12) - Math.cbrt(k / 12);
    mean += p * (k + 1);
    square += p * (k + 1) * (k + 1);
  }
  return { mean, variance: square - mean * mean };
})();

// Knuth's product of uniforms while it is cheap, the normal approximation past it.
function poisson(rng: Rng, mean: number): number {
  if (mean >= 30) return Math.max(0, Math.round(mean + Math.sqrt(mean) * rng.normal()));
  const limit = Math.exp(-mean);
  let count = 0;
  for (let product = rng.next(); product > limit; product *= rng.next()) count++;
  return count;
}

const bidOf = (logPrice: number, tick: number) => Math.floor(Math.exp(logPrice) / tick) * tick;

// The aggressor lifts the offer or hits the bid, as in the price process's quote.
const lastOf = (rng: Rng, logPrice: number, tick: number, spread: number) =>
  bidOf(logPrice, tick) + (rng.next() < 0.5 ? spread : 0);

/** How many M1 bars `simulatedM1Bars` gives over [from, to): its session minutes in the range. */
export function simulatedBarCount(from: number, to: number, hours?: SessionHours): number {
  const calendar = new SessionCalendar(hours);
  let count = 0;
  for (
    let session = calendar.nextSession(from);
    session.open < to;
    session = calendar.nextSession(session.close)
  ) {
    const first = Math.max(0, Math.ceil((from - session.open) / 60_000));
    const end = Math.min(sessionMinutes(session), Math.ceil((to - session.open) / 60_000));
    count += Math.max(0, end - first);
  }
  return count;
}

/**
 * The simulator's market as M1 bars, drawn a minute at a time instead of a tick at a time (a
 * year of ticks takes 2.5 s, this about 1/50 of it): the same sessions, per-session volatility,
 * drift, overnight gap, reversion, U-shaped intraday activity and jumps as the price process,
 * with each minute's tick count, close, high and low drawn from their distributions under the
 * same model. The bars follow the simulator's statistics, not its exact path for the seed.
 */
export function simulatedM1Bars(options: SimulatedBarsOptions): Bar[] {
  const model = { ...DEFAULT_PRICE_MODEL, ...options.priceModel };
  const tick = model.tickSize;
  const spread = model.spreadTicks * tick;
  const calendar = new SessionCalendar(options.session);
  const shapes = new Map<number, SessionShape>();
  const bars: Bar[] = [];
  let logPrice = Math.log(model.initialPrice);
  let overnight = false;
  for (
    let session = calendar.nextSession(options.from);
    session.open < options.to;
    session = calendar.nextSession(session.close)
  ) {
    const day = openSession(model, options.seed, session, logPrice, overnight);
    const { rng } = day;
    logPrice = day.logPrice;
    overnight = true;
    const minutes = sessionMinutes(session);
    const shape = shapes.get(minutes) ?? sessionShape(model, minutes);
    shapes.set(minutes, shape);
    const skipped = Math.max(0, Math.ceil((options.from - session.open) / 60_000));
    for (let m = skipped; m < minutes; m++) {
      const start = session.open + m * 60_000;
      if (start >= options.to) break;
      const seconds = Math.min(60, (session.close - start) / 1000);
      const ticks = poisson(rng, (seconds * 1000) / (shape.meanGapMs[m] ?? 1000));
      const sd = day.sigma * (shape.volatility[m] ?? 0) * Math.sqrt(seconds);
      let open = logPrice;
      if (rng.next() < day.jumpRate * seconds) open += model.jumpSize * rng.normal();
      const close = open + day.drift * seconds + sd * rng.normal();
      logPrice = close;
      if (ticks === 0) continue;
      const time = start / 1000;
      const volume = Math.max(
        ticks,
        Math.round(
          ticks * TICK_VOLUME.mean + Math.sqrt(ticks * TICK_VOLUME.variance) * rng.normal(),
        ),
      );
      if (ticks === 1) {
        const last = lastOf(rng, close, tick, spread);
        bars.push({ time, open: last, high: last, low: last, close: last, tick_volume: 1, volume });
        continue;
      }
      // Extremes of a Brownian bridge from open to close, pulled in to `ticks` samples.
      const move = close - open;
      const inside = (DISCRETE_EXTREME * sd) / Math.sqrt(ticks);
      const up = Math.sqrt(move * move - 2 * sd * sd * Math.log(1 - rng.next()));
      const down = Math.sqrt(move * move - 2 * sd * sd * Math.log(1 - rng.next()));
      const first = lastOf(rng, open, tick, spread);
      const last = lastOf(rng, close, tick, spread);
      const high = bidOf(open + (move + up) / 2 - inside, tick) + spread;
      const low = bidOf(open + (move - down) / 2 + inside, tick);
      bars.push({
        time,
        open: first,
        high: Math.max(first, last, high),
        low: Math.min(first, last, low),
        close: last,
        tick_volume: ticks,
        volume,
      });
    }
  }
  return bars;
}
