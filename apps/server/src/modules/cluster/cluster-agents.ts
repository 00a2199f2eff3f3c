import { bridgeMessages, mt5Messages, type Command } from '@vortex/core';
import { AgentRegistry, type AgentHandle, type CommandReply } from '../bridge/agent-registry.js';
import type { RedisLink } from './redis-link.js';

/** What other instances know of an agent connected here. */
interface AgentInfo {
  userId: number;
  sessionId: number;
  claimId: string;
  accountNumber: number | null;
  server: string | null;
  mt5Alive: boolean;
  connectedAt: number;
}

/** On the shared channel: each instance's whole list of agents, and a newcomer's hello. */
type Broadcast =
  | { kind: 'beat'; from: string; agents: AgentInfo[] }
  | { kind: 'hello'; from: string }
  | { kind: 'gone'; from: string };

/** On an instance's own channel: commands for its agents, their replies, session ends. */
type Direct =
  | {
      kind: 'command';
      from: string;
      id: string;
      sessionId: number;
      command: Command;
      expiresAt: number;
    }
  | { kind: 'reply'; id: string; reply: CommandReply | null }
  | { kind: 'end'; sessionId: number; reason: string };

interface Remote {
  seen: number;
  agents: AgentInfo[];
}

interface Pending {
  instance: string;
  resolve: (r: CommandReply) => void;
  reject: (err: Error) => void;
  timer: NodeJS.Timeout;
}

export interface ClusterAgentsOptions {
  /** How often each instance repeats its list (5 s); one silent for three beats is gone. */
  beatMs?: number | undefined;
}

const BROADCAST = 'agents';
const direct = (instance: string) => `agents:${instance}`;

/**
 * The agents of every instance on one Redis. Each instance announces its own agents (on every
 * change and every few seconds); `of` finds a trader's agent wherever it is connected, and a
 * command for an agent on another instance travels there and back through Redis. So the bot
 * lease, the browser and the agent may each sit on a different instance.
 */
export class ClusterAgentRegistry extends AgentRegistry {
  private readonly remotes = new Map<string, Remote>();
  private readonly pending = new Map<string, Pending>();
  private readonly beatMs: number;
  private timer: NodeJS.Timeout | undefined;
  private pendingBeat: NodeJS.Immediate | undefined;
  private closed = false;

  private constructor(
    private readonly link: RedisLink,
    opts: ClusterAgentsOptions,
  ) {
    super();
    this.beatMs = opts.beatMs ?? 5_000;
  }

  static async open(
    link: RedisLink,
    opts: ClusterAgentsOptions = {},
  ): Promise<ClusterAgentRegistry> {
    const registry = new ClusterAgentRegistry(link, opts);
    await link.subscribe(BROADCAST, (m) => registry.onBroadcast(JSON.parse(m) as Broadcast));
    await link.subscribe(direct(link.instance), (m) => registry.onDirect(JSON.parse(m) as Direct));
    link.onDown(() => registry.linkDown());
    registry.send({ kind: 'hello', from: link.instance });
    registry.timer = setInterval(() => registry.tick(), registry.beatMs);
    registry.timer.unref();
    return registry;
  }

  override add(h: AgentHandle): () => void {
    const remove = super.add(h);
    this.beatSoon();
    return () => {
      remove();
      this.beatSoon();
    };
  }

  override changed(): void {
    this.beatSoon();
  }

  override of(userId: number): AgentHandle | undefined {
    let latest = super.of(userId);
    for (const [instance, remote] of this.remotes) {
      for (const info of remote.agents) {
        if (info.userId !== userId) continue;
        if (!latest || info.connectedAt > latest.connectedAt) {
          latest = this.remoteHandle(instance, info);
        }
      }
    }
    return latest;
  }

  override endWhere(match: (h: AgentHandle) => boolean, reason: string): number {
    let n = super.endWhere(match, reason);
    for (const [instance, remote] of this.remotes) {
      for (const info of remote.agents) {
        if (!match(this.remoteHandle(instance, info))) continue;
        this.link.publish(
          direct(instance),
          JSON.stringify({ kind: 'end', sessionId: info.sessionId, reason } satisfies Direct),
        );
        n++;
      }
    }
    return n;
  }

  /** Redis is down: an agent not connected here may be on another instance, out of reach. */
  override unreachable(): string | undefined {
    return this.link.up ? undefined : mt5Messages.interServerDown;
  }

  /** Agents connected to any instance. */
  override count(): number {
    let n = super.count();
    for (const remote of this.remotes.values()) n += remote.agents.length;
    return n;
  }

  override async close(): Promise<void> {
    clearInterval(this.timer);
    clearImmediate(this.pendingBeat);
    this.send({ kind: 'gone', from: this.link.instance });
    // The agents' sockets close after this: their goodbyes must not announce us again.
    this.closed = true;
    for (const id of [...this.pending.keys()]) this.settle(id, null);
    this.remotes.clear();
    await super.close();
  }

  private remoteHandle(instance: string, info: AgentInfo): AgentHandle {
    return {
      userId: info.userId,
      sessionId: info.sessionId,
      claimId: info.claimId,
      accountNumber: info.accountNumber ?? undefined,
      server: info.server ?? undefined,
      mt5Alive: info.mt5Alive,
      connectedAt: info.connectedAt,
      command: (id, command, expiresAt) =>
        new Promise<CommandReply>((resolve, reject) => {
          // Without Redis the command cannot travel, nor its reply come back: no use waiting.
          if (!this.link.up) {
            resolve({ ok: false, message: mt5Messages.interServerDown });
            return;
          }
          // The caller gives up at the expiry; this only keeps the table from growing.
          const timer = setTimeout(
            () => this.settle(id, null),
            Math.max(0, expiresAt - Date.now()) + 1_000,
          );
          timer.unref();
          this.pending.set(id, { instance, resolve, reject, timer });
          const m: Direct = {
            kind: 'command',
            from: this.link.instance,
            id,
            sessionId: info.sessionId,
            command,
            expiresAt,
          };
          this.link.publish(direct(instance), JSON.stringify(m));
        }),
      end: (reason) => {
        const m: Direct = { kind: 'end', sessionId: info.sessionId, reason };
        this.link.publish(direct(instance), JSON.stringify(m));
      },
    };
  }

  /** Replies to commands sent through Redis will not come back: they fail now, not at expiry. */
  private linkDown(): void {
    for (const id of [...this.pending.keys()]) {
      this.settle(id, { ok: false, message: mt5Messages.interServerDown });
    }
  }

  /** Resolves a remote command with its reply, or rejects it (the agent or instance is gone). */
  private settle(id: string, reply: CommandReply | null): void {
    const p = this.pending.get(id);
    if (!p) return;
    this.pending.delete(id);
    clearTimeout(p.timer);
    if (reply) p.resolve(reply);
    else p.reject(new Error('agent gone'));
  }

  private onBroadcast(m: Broadcast): void {
    if (m.from === this.link.instance) return;
    if (m.kind === 'hello') this.beat();
    else if (m.kind === 'beat') this.remotes.set(m.from, { seen: Date.now(), agents: m.agents });
    else this.forget(m.from);
  }

  private onDirect(m: Direct): void {
    if (m.kind === 'reply') {
      this.settle(m.id, m.reply);
      return;
    }
    const h = this.bySession(m.sessionId);
    if (m.kind === 'end') {
      h?.end(m.reason);
      return;
    }
    const answer = (reply: CommandReply | null) => {
      const out: Direct = { kind: 'reply', id: m.id, reply };
      this.link.publish(direct(m.from), JSON.stringify(out));
    };
    if (!h) {
      answer({ ok: false, message: bridgeMessages.agentGone });
      return;
    }
    h.command(m.id, m.command, m.expiresAt).then(answer, () => answer(null));
  }

  private tick(): void {
    this.beat();
    const cutoff = Date.now() - 3 * this.beatMs;
    for (const [instance, remote] of this.remotes) if (remote.seen < cutoff) this.forget(instance);
  }

  /** An instance closed or fell silent: its agents are gone, and so are commands sent there. */
  private forget(instance: string): void {
    this.remotes.delete(instance);
    for (const [id, p] of this.pending) if (p.instance === instance) this.settle(id, null);
  }

  /**
   * One announcement for everything that changed in this turn of the event loop: a hundred
   * agents reconnecting at once send one list, not a hundred growing ones.
   */
  private beatSoon(): void {
    this.pendingBeat ??= setImmediate(() => {
      this.pendingBeat = undefined;
      this.beat();
    });
  }

  private beat(): void {
    const agents: AgentInfo[] = [];
    for (const set of this.byUser.values()) {
      for (const h of set) {
        agents.push({
          userId: h.userId,
          sessionId: h.sessionId,
          claimId: h.claimId,
          accountNumber: h.accountNumber ?? null,
          server: h.server ?? null,
          mt5Alive: h.mt5Alive,
          connectedAt: h.connectedAt,
        });
      }
    }
    this.send({ kind: 'beat', from: this.link.instance, agents });
  }

  private send(m: Broadcast): void {
    if (this.closed) return;
    this.link.publish(BROADCAST, JSON.stringify(m));
  }
}
