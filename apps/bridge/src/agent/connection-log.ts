import { connectionMessages as msg } from './connection-messages.js';

/**
 * Tells the trader each change of the connection's state in one line, never one per attempt:
 * a live connection lost, attempts failing, connected again (after how many and how long).
 */
export class ConnectionLog {
  private everConnected = false;
  /** Attempts since the last time the agent was connected (or since it started). */
  private attempts = 0;
  /** When the current outage began: the drop, or the first attempt. */
  private since: number | undefined;
  /** Whether this outage's failing attempts were told already. */
  private toldUnavailable = false;

  constructor(
    private readonly url: string,
    private readonly log: (m: string) => void,
    private readonly now: () => number = Date.now,
  ) {}

  attempting(): void {
    this.attempts++;
    this.since ??= this.now();
  }

  /**
   * A connection ended. `wasConnected`: it had been ready (the server resumed the stream).
   * `expected`: the agent closed on purpose to reconnect at once (pairing again): nothing to tell.
   */
  closed(cause: string, wasConnected: boolean, expected = false): void {
    if (wasConnected) {
      this.log(msg.lost(cause));
      this.attempts = 0;
      this.since = this.now();
      this.toldUnavailable = false;
      return;
    }
    if (expected || this.toldUnavailable) return;
    this.toldUnavailable = true;
    this.log(msg.unavailable(this.url, cause));
  }

  connected(account: number, lastDeal: number): void {
    const took = this.now() - (this.since ?? this.now());
    if (this.everConnected) this.log(msg.reconnected(this.attempts, took, account, lastDeal));
    else if (this.toldUnavailable)
      this.log(msg.connectedAfter(this.attempts, took, account, lastDeal));
    else this.log(msg.connected(account, lastDeal));
    this.everConnected = true;
    this.attempts = 0;
    this.since = undefined;
    this.toldUnavailable = false;
  }
}
