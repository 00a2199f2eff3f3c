import type { FastifyInstance } from 'fastify';

/**
 * Stops accepting connections and lets in-flight requests finish. Node closes only the
 * keep-alive connections that are idle when close() starts; one that finishes its request
 * afterwards would hold close() open for the whole keep-alive timeout, so sweep them as they
 * go idle.
 */
export async function closeGracefully(servers: FastifyInstance[]): Promise<void> {
  const sweep = setInterval(() => {
    for (const s of servers) s.server.closeIdleConnections();
  }, 50);
  try {
    await Promise.allSettled(servers.map((s) => s.close()));
  } finally {
    clearInterval(sweep);
  }
}
