import { useEffect, useEffectEvent, useState } from 'react';

/**
 * Seconds left of a countdown that calls `onDone` once at zero. Measured against a deadline so
 * a throttled background tab does not stretch it.
 */
export function useCountdown(totalSeconds: number, onDone: () => void): number {
  const [left, setLeft] = useState(totalSeconds);
  const finish = useEffectEvent(onDone);

  useEffect(() => {
    const deadline = Date.now() + totalSeconds * 1000;
    const timer = setInterval(() => {
      const remaining = Math.max(0, Math.ceil((deadline - Date.now()) / 1000));
      setLeft(remaining);
      if (remaining === 0) {
        clearInterval(timer);
        finish();
      }
    }, 1000);
    return () => {
      clearInterval(timer);
    };
  }, [totalSeconds]);

  return left;
}
