import { createRng, hashSeed, type Rng } from './rng.js';
import type { SessionCalendar, Session } from './session.js';
import { TICK_FLAG, type Tick, type TickSource } from './tick.js';

export interface PriceModel {
  /** Level of the first session, in points. */
  readonly initialPrice: number;
  readonly tickSize: number;
  /** Bid–ask spread in ticks. */
  readonly spreadTicks: number;
  /** Mean ticks per minute over a session (more at the open and close, fewer at midday). */
  readonly ticksPerMinute: number;
  /** Standard deviation of a session's log return (0.9% ≈ 1,100 points at 125k). */
  readonly dailyVolatility: number;
  /** Standard deviation of a session's drift: trend days and range days. */
  readonly dailyDrift: number;
  /** Standard deviation of the overnight gap. */
  readonly overnightGap: number;
  /** Share of the distance to `initialPrice` closed each night, so 90 days stay plausible. */
  readonly reversionPerDay: number;
  readonly jumpsPerDay: number;
  readonly jumpSize: number;
}

export const DEFAULT_PRICE_MODEL: PriceModel = {
  initialPrice: 125_000,
  tickSize: 5,
  spreadTicks: 1,
  ticksPerMinute: 60,
  dailyVolatility: 0.009,
  dailyDrift: 0.004,
  overnightGap: 0.004,
  reversionPerDay: 0.02,
  jumpsPerDay: 1.5,
  jumpSize: 0.0025,
};

/** Intraday U shape: volatility and activity peak at the open, rise again into the close. */
export function intradayShape(minute: number, sessionMinutes: number): number {
  return 1 + 1.2 * Math.exp(-minute / 20) + 0.6 * Math.exp(-(sessionMinutes - minute) / 30);
}

/** Per session minute: the log-return sd per sqrt(second) and the mean ms between ticks. */
export interface SessionShape {
  readonly volatility: Float64Array;
  readonly meanGapMs: Float64Array;
}

/** The U shape over a session's minutes, normalised to leave its variance and tick count at the model's values. */
export function sessionShape(model: PriceModel, minutes: number): SessionShape {
  const raw = Array.from({ length: minutes }, (_, m) => intradayShape(m + 0.5, minutes));
  const meanSquare = raw.reduce((sum, v) => sum + v * v, 0) / minutes;
  const mean = raw.reduce((sum, v) => sum + v, 0) / minutes;
  const gapMs = 60_000 / model.ticksPerMinute;
  return {
    volatility: Float64Array.from(raw, (v) => v / Math.sqrt(meanSquare)),
    meanGapMs: Float64Array.from(raw, (v) => (gapMs * mean) / v),
  };
}

/** What a session draws at its open; rates per second of session time. */
export interface SessionDraw {
  /** The session's own stream, to draw its ticks from. */
  readonly rng: Rng;
  /** Log price at the open (after the overnight gap). */
  readonly logPrice: number;
  readonly sigma: number;
  readonly drift: number;
  readonly jumpRate: number;
}

/**
 * A session's open: its stream hashed from (seed, local day), the overnight reversion and gap
 * (not on the first session), then the day's volatility, drift and jump rate.
 */
export function openSession(
  model: PriceModel,
  seed: number | string,
  session: Session,
  logPrice: number,
  overnight: boolean,
): SessionDraw {
  const rng = createRng(hashSeed(seed, session.day));
  let price = logPrice;
  if (overnight) {
    const anchor = Math.log(model.initialPrice);
    price += model.reversionPerDay * (anchor - price);
    price += model.overnightGap * rng.normal();
  }
  const seconds = (session.close - session.open) / 1000;
  const jumpRate = model.jumpsPerDay / seconds;
  // Mean-one lognormal scale: quiet and wild days around the model's volatility.
  const scale = Math.exp(0.25 * rng.normal() - 0.03125);
  const sigma = (model.dailyVolatility * scale) / Math.sqrt(seconds);
  const drift = (model.dailyDrift * rng.normal()) / seconds;
  return { rng, logPrice: price, sigma, drift, jumpRate };
}

/** Minutes in a session (at least one). */
export const sessionMinutes = (session: Session): number =>
  Math.max(1, Math.round((session.close - session.open) / 60_000));

/**
 * Log-price jump-diffusion on session time only: per session a drawn volatility and drift,
 * intraday U-shaped volatility, Poisson jumps, and a gapped, slightly mean-reverting open.
 * Each session draws from its own stream hashed from (seed, local day), so a day's path
 * depends on the seed, the day and the previous close, never on how the caller chunks time.
 */
export class PriceProcess implements TickSource {
  private readonly model: PriceModel;
  private readonly shapes = new Map<number, SessionShape>();
  private session: Session;
  private shape: SessionShape;
  private rng: Rng;
  private logPrice: number;
  private time: number;
  private daySigma = 0;
  private dayDrift = 0;
  private jumpRate = 0;
  private bid = 0;
  private ask = 0;

  constructor(
    private readonly seed: number | string,
    startTime: number,
    private readonly calendar: SessionCalendar,
    model: Partial<PriceModel> = {},
  ) {
    this.model = { ...DEFAULT_PRICE_MODEL, ...model };
    this.logPrice = Math.log(this.model.initialPrice);
    this.session = calendar.nextSession(startTime);
    this.rng = this.startSession(false);
    this.shape = this.shapeOf(this.session);
    this.time = Math.max(startTime, this.session.open);
  }

  next(): Tick {
    const { rng } = this;
    const minute = Math.floor((this.time - this.session.open) / 60_000);
    const gap = rng.exponential() * (this.shape.meanGapMs[minute] ?? 1000);
    const time = this.time + Math.max(1, Math.round(gap));
    if (time >= this.session.close) {
      this.session = this.calendar.nextSession(this.session.close);
      this.rng = this.startSession(true);
      this.shape = this.shapeOf(this.session);
      this.time = this.session.open;
      return this.next();
    }
    const seconds = (time - this.time) / 1000;
    const sigma = this.daySigma * (this.shape.volatility[minute] ?? 0);
    this.logPrice += this.dayDrift * seconds + sigma * Math.sqrt(seconds) * rng.normal();
    if (rng.next() < this.jumpRate * seconds) this.logPrice += this.model.jumpSize * rng.normal();
    this.time = time;
    return this.quote(time);
  }

  private quote(time: number): Tick {
    const { tickSize, spreadTicks } = this.model;
    const bid = Math.floor(Math.exp(this.logPrice) / tickSize) * tickSize;
    const ask = bid + spreadTicks * tickSize;
    const buyer = this.rng.next() < 0.5; // the aggressor lifts the offer or hits the bid
    let flags = TICK_FLAG.LAST | TICK_FLAG.VOLUME | (buyer ? TICK_FLAG.BUY : TICK_FLAG.SELL);
    if (bid !== this.bid) flags |= TICK_FLAG.BID;
    if (ask !== this.ask) flags |= TICK_FLAG.ASK;
    this.bid = bid;
    this.ask = ask;
    const u = this.rng.next();
    const volume = 1 + Math.floor(12 * u * u * u); // mostly 1–2 contracts, now and then a dozen
    const last = buyer ? ask : bid;
    return { time: Math.floor(time / 1000), time_msc: time, bid, ask, last, volume, flags };
  }

  private startSession(overnight: boolean): Rng {
    const draw = openSession(this.model, this.seed, this.session, this.logPrice, overnight);
    this.logPrice = draw.logPrice;
    this.jumpRate = draw.jumpRate;
    this.daySigma = draw.sigma;
    this.dayDrift = draw.drift;
    return draw.rng;
  }

  private shapeOf(session: Session): SessionShape {
    const minutes = sessionMinutes(session);
    let shape = this.shapes.get(minutes);
    if (!shape) {
      shape = sessionShape(this.model, minutes);
      this.shapes.set(minutes, shape);
    }
    return shape;
  }
}
