import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

// One config, four named tiers: unit (next to the code), integration (*.int.test.ts, real
// PostgreSQL), faults (real processes of the built system killed one by one) and e2e (Chromium
// against the built system).
const core = fileURLToPath(new URL('./packages/core/src/index.ts', import.meta.url));
// Vitest's default is one worker fewer than the cores: on CI's two cores, one test file at a time.
// The unit tiers are CPU-bound and use them all.
const cores = availableParallelism();

/**
 * The integration tier's longest files, longest first: the crash test's 200 restarts of the real
 * server (562 s in a run of the tier on a loaded 2-core machine), then the alerts simulator (72 s),
 * the chaos test (44 s), the simulated terminal (39 s) and the routes' fuzzing (36 s); the other
 * 120-odd files took 17 s or less each.
 */
const LONGEST = [
  'apps/bridge/src/agent/crash.int.test.ts',
  'apps/server/src/modules/alerts/alerts-simulator.int.test.ts',
  'apps/bridge/src/agent/chaos.int.test.ts',
  'apps/bridge/src/sim-terminal/sim-terminal.int.test.ts',
  'apps/server/src/app/input-fuzz-routes.int.test.ts',
];

/**
 * Vitest runs the longest files first when it has their last durations (its cache), and the
 * largest otherwise, as in CI's fresh clone: there the crash test started after some thirty files
 * and ran on alone at the end, the tier waiting for it. The LONGEST files start first here, in
 * that order (the crash test on one worker, the others on the next), and the short files fill in.
 */
class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (f: TestSpecification) =>
      LONGEST.findIndex((name) => f.moduleId.endsWith(`/${name}`));
    // Within each project (they run one after another), in the order the base gave.
    const projects = [...new Set(sorted.map((f) => f.project.name))];
    return projects.flatMap((name) => {
      const own = sorted.filter((f) => f.project.name === name);
      const first = own.filter((f) => rank(f) >= 0).sort((a, b) => rank(a) - rank(b));
      return [...first, ...own.filter((f) => rank(f) < 0)];
    });
  }
}

export default defineConfig({
  resolve: { alias: { '@vortex/core': core } },
  test: {
    sequence: { sequencer: LongestFirst },
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: [
            'packages/*/src/**/*.test.ts',
            'apps/*/src/**/*.test.ts',
            'eslint/**/*.test.js',
            'scripts/**/*.test.mjs',
          ],
          exclude: ['**/*.int.test.ts', '**/node_modules/**', '**/dist/**', 'apps/web/**'],
          // Pure code: files may share a worker and its loaded modules, which saves importing zod,
          // core and the rest anew for each of the ~140 files (two thirds of this project's CPU).
          pool: 'threads',
          isolate: false,
          maxWorkers: cores,
        },
      },
      {
        extends: true,
        plugins: [react()],
        test: {
          name: 'unit-web',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['apps/web/src/test/setup.ts'],
          maxWorkers: cores,
          // Above the 5 s that findBy may wait (setup.ts), so a slow wait fails as what it is.
          testTimeout: 15_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['apps/*/src/**/*.int.test.ts', 'apps/*/test/**/*.int.test.ts'],
          globalSetup: ['apps/server/test/global-setup.ts'],
          // Mostly waiting on PostgreSQL, servers and sockets: two files at a time keep both cores
          // busy (capped so each file's pools stay far below max_connections).
          maxWorkers: Math.min(4, Math.max(2, cores)),
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          // Kills real processes of the built system (server, PostgreSQL, Redis, agent), one
          // system per file, one file at a time: two would fight over the machine's two cores.
          name: 'faults',
          include: ['apps/server/test/faults/**/*.fault.test.ts'],
          fileParallelism: false,
          testTimeout: 300_000,
          hookTimeout: 300_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['e2e/**/*.e2e.test.ts'],
          globalSetup: ['e2e/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
