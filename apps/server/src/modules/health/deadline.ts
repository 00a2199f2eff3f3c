/** `work`'s answer, or `fallback` once `ms` have passed: a hung dependency never holds a probe. */
export function withDeadline<T>(work: Promise<T>, ms: number, fallback: T): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<T>((resolve) => {
    timer = setTimeout(() => resolve(fallback), ms);
    timer.unref();
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

/** Milliseconds since `t0`, to two decimals. */
export const elapsedSince = (t0: number): number =>
  Math.round((performance.now() - t0) * 100) / 100;
