import { SymbolSpecSchema, type SymbolSpec } from '@vortex/core';

/**
 * The EA's symbol specifications that are specifications: each entry checked on its own, so a
 * symbol the terminal has not synchronised yet (tick size or value 0) is left out and named,
 * while the others still reach the server.
 */
export function readSymbolSpecs(raw: readonly unknown[]): {
  specs: SymbolSpec[];
  skipped: string[];
} {
  const specs: SymbolSpec[] = [];
  const skipped: string[] = [];
  for (const entry of raw) {
    const parsed = SymbolSpecSchema.safeParse(entry);
    if (parsed.success) specs.push(parsed.data);
    else skipped.push(nameOf(entry));
  }
  return { specs, skipped };
}

const nameOf = (entry: unknown): string => {
  const symbol =
    typeof entry === 'object' && entry !== null && 'symbol' in entry ? entry.symbol : '';
  return typeof symbol === 'string' && symbol !== '' ? symbol.slice(0, 32) : '?';
};
