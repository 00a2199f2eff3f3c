/**
 * A wait between retries that `interrupt()` cuts short: a stop must not sit out the backoff, and
 * news that the thing is back makes waiting pointless. It never holds the process open.
 */
export class InterruptibleWait {
  private cut: (() => void) | undefined;

  for(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.cut = undefined;
        resolve();
      };
      const timer = setTimeout(done, ms);
      timer.unref();
      this.cut = done;
    });
  }

  interrupt(): void {
    this.cut?.();
  }
}
