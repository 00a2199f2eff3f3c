/** An agent authenticates in its first message; a socket silent this long is closed. */
export const AGENT_AUTH_TIMEOUT_MS = 10_000;
export const AUTH_TIMEOUT_CODE = 4408;
/** The close reason the agent reads: at most 123 bytes of UTF-8, as WebSocket allows. */
export const authTimeoutReason = 'Tempo esgotado: a autenticação não chegou em 10 s.';

/**
 * Closes `socket` unless its first message arrives within `ms`; returns the cancel, to call on
 * that message. After it the socket is authenticated or closed by the handshake, so no socket
 * outlives the timeout unauthenticated, while an agent whose auth the database is slow to
 * check (it sent it at once) is not cut off mid-handshake.
 */
export function closeUnlessGreeted(
  socket: { close: (code: number, reason: string) => void },
  ms = AGENT_AUTH_TIMEOUT_MS,
): () => void {
  const timer = setTimeout(() => socket.close(AUTH_TIMEOUT_CODE, authTimeoutReason), ms);
  return () => clearTimeout(timer);
}
