import { readFileSync } from 'node:fs';
import net from 'node:net';

/**
 * The kernel hands out ports from this range to every listen(0) and every outgoing connection
 * (Linux's default 32768–60999): a port of it found free here may be taken by another test's
 * socket before the process it is meant for binds it, or between two starts on it.
 */
function ephemeralRange(): [number, number] {
  try {
    const [low, high] = readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8')
      .trim()
      .split(/\s+/)
      .map(Number);
    if (low && high && low <= high) return [low, high];
  } catch {
    // Not Linux: assume its default.
  }
  return [32768, 60999];
}

/** Ports below the ephemeral range that freePort draws from, when that leaves enough of them. */
const LOWEST = 10_000;

function bindable(port: number): Promise<boolean> {
  const probe = net.createServer();
  return new Promise((resolve) => {
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

/**
 * A port free right now on 127.0.0.1, for a process a test starts (and may restart on it). Drawn
 * at random below the kernel's ephemeral range, where no listen(0) or outgoing connection of
 * another test lands, so it stays free until the process binds it and across its restarts; only
 * another caller of this function could draw it too, which a caller that cannot afford even that
 * handles by retrying on EADDRINUSE (embedded-server.ts does).
 */
export async function freePort(): Promise<number> {
  const [low] = ephemeralRange();
  if (low - LOWEST >= 1_000) {
    for (let attempt = 0; attempt < 50; attempt++) {
      const port = LOWEST + Math.floor(Math.random() * (low - LOWEST));
      if (await bindable(port)) return port;
    }
  }
  // A machine whose ephemeral range starts low: any port the kernel finds free.
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const address = probe.address();
  await new Promise((resolve) => probe.close(resolve));
  if (!address || typeof address !== 'object') throw new Error('no port');
  return address.port;
}
