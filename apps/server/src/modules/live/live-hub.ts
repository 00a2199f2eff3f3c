import {
  LIVE_CONNECTIONS_PER_USER,
  PRIVATE_EVENT_TYPES,
  type BridgeEvent,
  type Role,
} from '@vortex/core';
import type { EventBus } from './event-bus.js';
import { EventFrames, type LiveChannel } from './live-channels.js';

export { LiveChannel } from './live-channels.js';

/** Sessions still good for a channel, with their user's role right now (live-auth.ts). */
export type SessionCheck = (
  sessionIds: number[],
) => Promise<Map<number, { userId: number; isAdmin: boolean; role: Role }>>;

/** What the auth notifications say changed (auth-invalidation.ts). */
export type AuthChangeNote = { kind: 'session' | 'user'; id: number } | { kind: 'all' };

/** How often every channel's session is checked again (expiry and idle limit write nothing). */
export const LIVE_RECHECK_MS = 60_000;
/** A quiet event stream gets a comment line within this long, so proxies do not close it. */
const KEEPALIVE_MS = 25_000;
/** How often quiet channels are looked for; a busy one needs no comment line. */
export const KEEPALIVE_TICK_MS = 5_000;
/** Sessions and users whose last change is remembered; past it, every pending open rechecks. */
const CHANGE_LOG_MAX = 10_000;

/**
 * The browsers listening on this instance, indexed by user and by the admin scope, so an event
 * touches only its audience: its trader's channels, and for session and claim events every
 * admin's (never another trader's account data). Each event is serialised once.
 */
export class LiveHub {
  private readonly byUser = new Map<number, Set<LiveChannel>>();
  private readonly bySession = new Map<number, Set<LiveChannel>>();
  private readonly admins = new Set<LiveChannel>();
  private connections = 0;
  /** Channels dropped because their socket fell too far behind. */
  dropped = 0;
  private readonly unsubscribe: () => void;
  private readonly timers: NodeJS.Timeout[] = [];
  /** Counts keepalive ticks; a channel notes the tick of its last write in `lastTick`. */
  private tick = 0;
  // Auth changes in the order heard: an open compares them with its mark (see `admit`).
  private changeSeq = 0;
  private allChangedSeq = 0;
  private readonly changedSeq = new Map<string, number>();

  /**
   * Without `sessions`, channels last until closed. With it, a channel ends when its session
   * does: at once on `authChanged` (the auth notifications call it) and at least every minute.
   * `listening` says whether those notifications reach this instance now.
   */
  constructor(
    bus: EventBus,
    private readonly sessions?: SessionCheck,
    private readonly onError?: (err: unknown) => void,
    private readonly listening: () => boolean = () => false,
  ) {
    this.unsubscribe = bus.subscribe((e) => this.dispatch(e));
    this.timers.push(setInterval(() => this.keepQuietAlive(), KEEPALIVE_TICK_MS));
    if (sessions)
      this.timers.push(setInterval(() => void this.recheck(() => true), LIVE_RECHECK_MS));
    for (const t of this.timers) t.unref();
  }

  /** Taken before an open checks its credential; `admit` compares the changes heard since. */
  mark(): number {
    return this.changeSeq;
  }

  /**
   * Adds a channel unless its user already holds the maximum. Its identity was read at `mark`:
   * if a change to its session or user was heard since, or changes may be missed now, its
   * session is checked again; any change heard later reaches it through `authChanged`.
   */
  admit(c: LiveChannel, mark: number): boolean {
    if (!this.add(c)) return false;
    const stale =
      !this.listening() ||
      this.allChangedSeq > mark ||
      (this.changedSeq.get(`s${c.sessionId}`) ?? 0) > mark ||
      (this.changedSeq.get(`u${c.userId}`) ?? 0) > mark;
    if (stale) void this.recheckChannels([c]);
    return true;
  }

  /** Adds a channel unless its user already holds the maximum. */
  add(c: LiveChannel): boolean {
    let own = this.byUser.get(c.userId);
    if ((own?.size ?? 0) >= LIVE_CONNECTIONS_PER_USER) return false;
    if (!own) this.byUser.set(c.userId, (own = new Set()));
    own.add(c);
    let session = this.bySession.get(c.sessionId);
    if (!session) this.bySession.set(c.sessionId, (session = new Set()));
    session.add(c);
    if (c.isAdmin) this.admins.add(c);
    c.lastTick = this.tick;
    this.connections++;
    return true;
  }

  /** Forgets a channel (its socket closed); safe to call more than once. */
  remove(c: LiveChannel): void {
    const own = this.byUser.get(c.userId);
    if (!own?.delete(c)) return;
    if (own.size === 0) this.byUser.delete(c.userId);
    const session = this.bySession.get(c.sessionId);
    session?.delete(c);
    if (session?.size === 0) this.bySession.delete(c.sessionId);
    this.admins.delete(c);
    this.connections--;
  }

  /** An auth notification: remember it for opens under way, and check the channels it names. */
  authChanged(change: AuthChangeNote): Promise<number> {
    const seq = ++this.changeSeq;
    if (change.kind === 'all' || this.changedSeq.size >= CHANGE_LOG_MAX) {
      this.changedSeq.clear();
      this.allChangedSeq = seq;
    } else {
      this.changedSeq.set(`${change.kind === 'session' ? 's' : 'u'}${change.id}`, seq);
    }
    if (change.kind === 'all') return this.recheck(() => true);
    const chosen = (change.kind === 'session' ? this.bySession : this.byUser).get(change.id);
    return this.recheckChannels(chosen ? [...chosen] : []);
  }

  /**
   * Checks the sessions of the channels `which` selects and ends the channels whose session no
   * longer holds, or whose user's role changed (they reconnect with the new role's scope).
   */
  recheck(which: (c: LiveChannel) => boolean): Promise<number> {
    const chosen: LiveChannel[] = [];
    this.each((c) => {
      if (which(c)) chosen.push(c);
    });
    return this.recheckChannels(chosen);
  }

  private async recheckChannels(chosen: LiveChannel[]): Promise<number> {
    if (!this.sessions || chosen.length === 0) return 0;
    let valid: Awaited<ReturnType<SessionCheck>>;
    try {
      valid = await this.sessions([...new Set(chosen.map((c) => c.sessionId))]);
    } catch (err) {
      // Cannot tell now: the next check decides.
      this.onError?.(err);
      return 0;
    }
    let ended = 0;
    for (const c of chosen) {
      const now = valid.get(c.sessionId);
      if (now && now.userId === c.userId && now.role === c.role) continue;
      this.remove(c);
      c.expire();
      ended++;
    }
    return ended;
  }

  connectionsOf(userId: number): number {
    return this.byUser.get(userId)?.size ?? 0;
  }

  counts(): { users: number; connections: number } {
    return { users: this.byUser.size, connections: this.connections };
  }

  closeAll(): void {
    for (const t of this.timers) clearInterval(t);
    this.unsubscribe();
    this.each((c) => c.close());
    this.byUser.clear();
    this.bySession.clear();
    this.admins.clear();
    this.connections = 0;
  }

  private each(fn: (c: LiveChannel) => void): void {
    for (const own of this.byUser.values()) for (const c of own) fn(c);
  }

  private dispatch(e: BridgeEvent): void {
    const own = this.byUser.get(e.user_id);
    const admins = PRIVATE_EVENT_TYPES.has(e.type) ? undefined : this.admins;
    if (!own && !admins?.size) return;
    const frames = new EventFrames(e);
    if (own) for (const c of own) this.deliver(c, frames);
    // An admin's own event already reached them above.
    if (admins) for (const c of admins) if (c.userId !== e.user_id) this.deliver(c, frames);
  }

  /** Written to within the last KEEPALIVE_MS (within a tick), a channel is skipped. */
  private keepQuietAlive(): void {
    const tick = ++this.tick;
    const quietSince = tick - KEEPALIVE_MS / KEEPALIVE_TICK_MS;
    this.each((c) => {
      if (c.lastTick > quietSince) return;
      c.lastTick = tick;
      c.keepalive();
    });
  }

  private deliver(c: LiveChannel, frames: EventFrames): void {
    c.lastTick = this.tick;
    if (c.deliver(frames)) return;
    this.remove(c);
    this.dropped++;
  }
}
