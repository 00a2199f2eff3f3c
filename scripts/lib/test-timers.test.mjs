import { describe, expect, it } from 'vitest';
import { checkTimers, findTimers, isTestCode } from './test-timers.mjs';

const SLEEPY = `it('sends nothing', async () => {
  await new Promise((r) => setTimeout(r, 300));
  expect(mails).toHaveLength(0);
});`;

describe('check-test-timers', () => {
  it('fails a test that sleeps, naming the file and the line', () => {
    const problems = checkTimers([{ path: 'apps/server/src/x/x.int.test.ts', source: SLEEPY }], []);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toContain('apps/server/src/x/x.int.test.ts:2:');
  });

  it('sees every form a sleep takes, and not a socket’s own timeout', () => {
    const source = [
      "import { setTimeout as sleep } from 'node:timers/promises';",
      'await sleep(50);',
      'await delay(10);',
      's.setTimeout(500, () => done(false));',
      '// a comment that says setTimeout(…) is no call',
    ].join('\n');
    expect(findTimers(source).map((t) => t.line)).toEqual([1, 2, 3]);
  });

  it('lets through what the allow-list names with a reason, and no more', () => {
    const file = { path: 'apps/bridge/src/agent/fake-server.ts', source: SLEEPY };
    const allow = [{ file: file.path, count: 1, reason: 'next()’s deadline' }];
    expect(checkTimers([file], allow)).toEqual([]);
    const twice = { ...file, source: `${SLEEPY}\n${SLEEPY}` };
    expect(checkTimers([twice], allow)).toHaveLength(1);
    // An entry allowing more than is there, or with no reason, fails too.
    expect(checkTimers([file], [{ ...allow[0], count: 2 }])).toHaveLength(1);
    expect(checkTimers([file], [{ ...allow[0], reason: ' ' }])).toHaveLength(1);
  });

  it('checks tests and their helpers, not the product', () => {
    expect(isTestCode('apps/web/src/features/a/a-screen.test.tsx')).toBe(true);
    expect(isTestCode('apps/server/test/live-client.ts')).toBe(true);
    expect(isTestCode('apps/bridge/src/ea/fake-ea.ts')).toBe(true);
    expect(isTestCode('e2e/support/system.ts')).toBe(true);
    expect(isTestCode('apps/server/src/modules/live/live-hub.ts')).toBe(false);
    expect(isTestCode('apps/server/test/vendor/x/index.ts')).toBe(false);
    const product = { path: 'apps/server/src/modules/live/live-hub.ts', source: SLEEPY };
    expect(checkTimers([product], [])).toEqual([]);
  });
});
