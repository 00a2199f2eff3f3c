import type { Command } from '@vortex/core';

export interface CommandReply {
  ok: boolean;
  retcode?: number | undefined;
  message: string;
  data?: Record<string, unknown> | undefined;
}

/** A connected, authenticated agent as the rest of the server sees it. */
export interface AgentHandle {
  userId: number;
  sessionId: number;
  claimId: string;
  accountNumber: number | undefined;
  server: string | undefined;
  mt5Alive: boolean;
  /** The symbols its terminal offers, from hello; undefined when it does not say. */
  symbols?: readonly string[] | undefined;
  connectedAt: number;
  /** Sends a command and resolves with the agent's result; rejects when the agent goes away. */
  command: (id: string, command: Command, expiresAt: number) => Promise<CommandReply>;
  /** Tells the agent its session ended and closes the connection. */
  end: (reason: string) => void;
}

/**
 * The agents connected to this instance, by user. With several instances the cluster directory
 * (modules/cluster) extends it so `of` also finds an agent connected elsewhere.
 */
export class AgentRegistry {
  protected readonly byUser = new Map<number, Set<AgentHandle>>();

  add(h: AgentHandle): () => void {
    const set = this.byUser.get(h.userId) ?? new Set();
    set.add(h);
    this.byUser.set(h.userId, set);
    return () => {
      set.delete(h);
      if (set.size === 0 && this.byUser.get(h.userId) === set) this.byUser.delete(h.userId);
    };
  }

  /** The user's agent that connected last (a trader normally runs one). */
  of(userId: number): AgentHandle | undefined {
    let latest: AgentHandle | undefined;
    for (const h of this.byUser.get(userId) ?? []) {
      if (!latest || h.connectedAt > latest.connectedAt) latest = h;
    }
    return latest;
  }

  /** The agent of one bridge session connected here. */
  bySession(sessionId: number): AgentHandle | undefined {
    for (const set of this.byUser.values()) {
      for (const h of set) if (h.sessionId === sessionId) return h;
    }
    return undefined;
  }

  /**
   * Why an agent not found here may still be connected elsewhere and out of reach (the link
   * between instances is down); undefined when `of` knows every agent.
   */
  unreachable(): string | undefined {
    return undefined;
  }

  /** An agent's account or MT5 state changed (others may need to know). */
  changed(_h: AgentHandle): void {
    /* nothing to tell in one process */
  }

  /** Ends the connections of ended sessions at once instead of at their next heartbeat. */
  endWhere(match: (h: AgentHandle) => boolean, reason: string): number {
    let n = 0;
    for (const set of this.byUser.values()) {
      for (const h of [...set]) {
        if (match(h)) {
          h.end(reason);
          n++;
        }
      }
    }
    return n;
  }

  count(): number {
    let n = 0;
    for (const set of this.byUser.values()) n += set.size;
    return n;
  }

  close(): Promise<void> {
    return Promise.resolve();
  }
}
