/**
 * How the agent process ends, for the start scripts: they restart it after anything but these
 * deliberate ends (iniciar-bridge.cmd / .sh in the server's installer-zip.ts test the same codes).
 */
export const EXIT_STOPPED = 0;
/** Something truly unexpected (an uncaught exception): worth a restart. */
export const EXIT_CRASHED = 1;
/** A bad command line or config.json. */
export const EXIT_USAGE = 2;
/** The server refused this agent for good: unknown or revoked session, spent token, blocked account. */
export const EXIT_REFUSED = 3;
/** The server does not speak this agent's protocol version: the agent must be updated. */
export const EXIT_PROTOCOL = 4;

/** Why the agent stopped for good. */
export type AgentEnd =
  | { kind: 'stopped'; reason: string }
  | { kind: 'refused'; reason: string }
  | { kind: 'protocol'; reason: string };

export function exitCodeOf(end: AgentEnd): number {
  if (end.kind === 'refused') return EXIT_REFUSED;
  if (end.kind === 'protocol') return EXIT_PROTOCOL;
  return EXIT_STOPPED;
}
