import { useCallback, useEffect, useRef, useState } from 'react';

export interface Notice {
  tone: 'success' | 'warning' | 'error';
  text: string;
}

/** trading.md §2 and §9: a status notice shows for 5 seconds. */
export const NOTICE_MS = 5_000;

export function useNotice() {
  const [notice, setNotice] = useState<Notice | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const clear = useCallback(() => {
    clearTimeout(timer.current);
    setNotice(null);
  }, []);
  const show = useCallback((next: Notice) => {
    clearTimeout(timer.current);
    setNotice(next);
    timer.current = setTimeout(() => {
      setNotice(null);
    }, NOTICE_MS);
  }, []);
  useEffect(() => () => clearTimeout(timer.current), []);
  return { notice, show, clear };
}
