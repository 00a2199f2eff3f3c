import { describe, expect, it } from 'vitest';
import { apiPathLiterals, apiPathMatcher, isProductCode, tablePaths } from './api-paths.mjs';

const isApiPath = apiPathMatcher(
  tablePaths([
    "path: '/api/alerts/config', aliases: ['/bridge/token/status/:token'], x: '/mt5/status', y: '/bridge/agent'",
    "path: '/users', b: '/auth/login', c: '/health', d: 'not a path', e: '/dashboard/stats'",
  ]),
);

describe('check-api-paths', () => {
  it('finds paths in strings and in every part of a template, not in comments or regexes', () => {
    const source = [
      '// GET /api/alerts/config is prose',
      "const a = '/api/alerts/config';",
      'const b = `/api/taxes/months/${month}`;',
      'const c = `${base}/bridge/agent`;',
      'const d = `x${y}/api/bot/${action}`;',
      'const e = /\\/api\\/docs/.test(url);',
      "const f = 'https://example.com/apidocs';",
      "const g = '/mt5/status';",
      'function h() { if (x) { return `${a}`; } }',
      '/** `public` or `authenticated`, with a } in prose */',
      "const i = { path: '/bridge/agent' };",
      'const j = `${fn({ a: 1 })}/api/x`;',
      "const screens = { mt5: '/mt5', bridge: '/bridge', admin: '/bridge-admin' };",
    ].join('\n');
    expect(apiPathLiterals('apps/web/src/x.ts', source, isApiPath)).toEqual([
      'apps/web/src/x.ts:2: "/api/alerts/config"',
      'apps/web/src/x.ts:3: "/api/taxes/months/"',
      'apps/web/src/x.ts:4: "/bridge/agent"',
      'apps/web/src/x.ts:5: "/api/bot/"',
      'apps/web/src/x.ts:8: "/mt5/status"',
      'apps/web/src/x.ts:11: "/bridge/agent"',
      'apps/web/src/x.ts:12: "/api/x"',
    ]);
  });

  it("finds the table's paths outside /api: at a segment boundary, one-segment paths whole", () => {
    expect(isApiPath('/auth/login')).toBe(true);
    expect(isApiPath('http://x/bridge/token/status/abc')).toBe(true);
    expect(isApiPath('/dashboard/stats?range=1')).toBe(true);
    expect(isApiPath('/users')).toBe(true);
    expect(isApiPath('/health')).toBe(true);
    expect(isApiPath('/auth/loginx')).toBe(false);
    expect(isApiPath('/users-admin')).toBe(false);
    expect(isApiPath('Usuários /users')).toBe(false);
    expect(isApiPath('/dashboard')).toBe(false);
  });

  it('checks product code only: the table and tests may write paths', () => {
    expect(isProductCode('apps/server/src/modules/alerts/alerts.routes.ts')).toBe(true);
    expect(isProductCode('apps/web/src/features/taxes/api/get-tax-year.ts')).toBe(true);
    expect(isProductCode('apps/bridge/src/agent/agent.ts')).toBe(true);
    expect(isProductCode('packages/core/src/endpoints/alerts.ts')).toBe(false);
    expect(isProductCode('apps/server/src/modules/alerts/alerts-config.int.test.ts')).toBe(false);
    expect(isProductCode('apps/server/test/test-app.ts')).toBe(false);
    expect(isProductCode('e2e/taxes.e2e.test.ts')).toBe(false);
    expect(isProductCode('apps/web/src/features/mt5/mt5.fixtures.ts')).toBe(false);
    expect(isProductCode('apps/web/src/config/paths.ts')).toBe(false);
  });
});
