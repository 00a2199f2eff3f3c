import { useSyncExternalStore } from 'react';
import { readLocal, storageKeys, writeLocal } from './storage';

export type Theme = 'light' | 'dark';

const listeners = new Set<() => void>();

function initialTheme(): Theme {
  const stored = readLocal(storageKeys.theme);
  if (stored === 'light' || stored === 'dark') return stored;
  return window.matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
}

let current: Theme | undefined;

export function getTheme(): Theme {
  current ??= initialTheme();
  return current;
}

/** Tailwind's dark variant keys on the class of <html> (see index.css). */
export function applyTheme(theme: Theme = getTheme()): void {
  document.documentElement.classList.toggle('dark', theme === 'dark');
  document.documentElement.style.colorScheme = theme;
}

export function setTheme(theme: Theme): void {
  current = theme;
  writeLocal(storageKeys.theme, theme);
  applyTheme(theme);
  listeners.forEach((notify) => {
    notify();
  });
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useTheme(): [Theme, (theme: Theme) => void] {
  return [useSyncExternalStore(subscribe, getTheme), setTheme];
}
