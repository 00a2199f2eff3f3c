/**
 * Many agents beating on one clock: every socket sends its messages once per interval, the
 * sockets' turns spread evenly over the interval, as independent agents started at random
 * moments would be.
 */

export interface Beating {
  /** Messages sent so far. */
  sent: () => number;
  stop: () => void;
}

export function beat(
  sockets: { sendRaw: (message: string) => void }[],
  intervalMs: number,
  messages: (seq: number) => string[],
): Beating {
  const start = performance.now();
  const due = sockets.map((_, i) => start + (i / sockets.length) * intervalMs);
  const seqs = sockets.map(() => 0);
  let sent = 0;
  const tick = () => {
    const now = performance.now();
    for (const [i, socket] of sockets.entries()) {
      if ((due[i] ?? Infinity) > now) continue;
      const seq = seqs[i] ?? 0;
      for (const message of messages(seq)) {
        socket.sendRaw(message);
        sent++;
      }
      seqs[i] = seq + 1;
      due[i] = (due[i] ?? now) + intervalMs;
    }
  };
  tick();
  const timer = setInterval(tick, 10);
  return { sent: () => sent, stop: () => clearInterval(timer) };
}
