import { cleanup, configure } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, vi } from 'vitest';

// findBy and waitFor wait up to 5 s instead of 1 s: a lazily loaded screen can take longer than
// a second to compile on a shared, loaded machine. A wait is not a timing assertion; what the
// tests assert is what appears.
configure({ asyncUtilTimeout: 5_000 });

// jsdom has no matchMedia; the theme reads prefers-color-scheme through it.
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  configurable: true,
  value: (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }) as Partial<MediaQueryList> as MediaQueryList,
});

// The project runs without vitest globals, so Testing Library cannot register this itself.
afterEach(() => {
  cleanup();
  // sonner keeps its toasts in one module-wide store: a toast must not outlive its test.
  toast.dismiss();
  localStorage.clear();
  sessionStorage.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});
