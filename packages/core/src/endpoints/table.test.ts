import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { pathParamNames } from './define-endpoint.js';
import { ALL_ENDPOINTS, endpoints } from './index.js';

const name = (e: { method: string; path: string }) => `${e.method} ${e.path}`;

describe('the endpoint table', () => {
  it('declares each method and path once', () => {
    const seen = ALL_ENDPOINTS.flatMap((e) =>
      [e.path, ...(e.aliases ?? [])].map((p) => `${e.method} ${p}`),
    );
    expect(seen.filter((k, i) => seen.indexOf(k) !== i)).toEqual([]);
  });

  it('gives every path parameter a schema, and no schema a parameter the path lacks', () => {
    const problems: string[] = [];
    for (const e of ALL_ENDPOINTS) {
      const names = pathParamNames(e.path).sort();
      const keys = e.params instanceof z.ZodObject ? Object.keys(e.params.shape).sort() : [];
      if (names.join() !== keys.join())
        problems.push(`${name(e)}: path ${names.join()} / schema ${keys.join()}`);
      for (const alias of e.aliases ?? [])
        if (pathParamNames(alias).sort().join() !== names.join())
          problems.push(`${name(e)}: alias ${alias}`);
    }
    expect(problems).toEqual([]);
  });

  it('sends bodies only where the method carries one, and secret params only from the path', () => {
    const problems: string[] = [];
    for (const e of ALL_ENDPOINTS) {
      if (e.body && e.method === 'GET') problems.push(`${name(e)} has a body`);
      for (const s of e.secretParams ?? [])
        if (!pathParamNames(e.path).includes(s))
          problems.push(`${name(e)}: secret ${s} not in path`);
    }
    expect(problems).toEqual([]);
  });

  it('keeps every area filled and every path well formed', () => {
    for (const [area, table] of Object.entries(endpoints))
      expect(Object.keys(table).length, `area ${area} is empty`).toBeGreaterThan(0);
    // The spec's paths sit under /api and, for the screens it inherited, /auth, /users, /mt5...
    for (const e of ALL_ENDPOINTS)
      for (const p of [e.path, ...(e.aliases ?? [])])
        expect(p, name(e)).toMatch(/^(\/(:[A-Za-z][A-Za-z0-9]*|[a-z][a-z0-9_.-]*))+$/);
  });
});
