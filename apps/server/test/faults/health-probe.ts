import { readdirSync, readFileSync } from 'node:fs';

export interface HealthProbe {
  ms: number;
  status: number;
  state: string | undefined;
}

/** One /health probe and how long it took; a hang shows as its full duration, not a failure. */
async function probeOnce(apiUrl: string): Promise<HealthProbe> {
  const t0 = performance.now();
  try {
    const res = await fetch(`${apiUrl}/health`, { signal: AbortSignal.timeout(60_000) });
    const body = (await res.json()) as { database?: { state?: string } };
    return { ms: performance.now() - t0, status: res.status, state: body.database?.state };
  } catch {
    return { ms: performance.now() - t0, status: 0, state: undefined };
  }
}

/**
 * Sends a /health probe every `everyMs` for `forMs`, as a load balancer does, without waiting
 * for the previous one; resolves once the last is dispatched, with all of them still to settle.
 */
export async function probeHealthFor(
  apiUrl: string,
  forMs: number,
  everyMs: number,
): Promise<Promise<HealthProbe>[]> {
  const probes: Promise<HealthProbe>[] = [];
  const t0 = Date.now();
  await new Promise<void>((resolve) => {
    const tick = () => {
      probes.push(probeOnce(apiUrl));
      if (Date.now() - t0 >= forMs) {
        clearInterval(timer);
        resolve();
      }
    };
    const timer = setInterval(tick, everyMs);
    tick();
  });
  return probes;
}

/** A process and all its descendants (the postmaster's backends and workers), from /proc. */
export function processTree(root: number): number[] {
  const parentOf = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // comm may hold spaces and parentheses: the fields after its last ')' are fixed.
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      parentOf.set(Number(entry), ppid);
    } catch {
      // Gone meanwhile.
    }
  }
  const tree = [root];
  for (let i = 0; i < tree.length; i++) {
    for (const [pid, ppid] of parentOf) if (ppid === tree[i]) tree.push(pid);
  }
  return tree;
}
