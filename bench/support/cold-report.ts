/** The cold reads' part of the trading bench's section: a table, then each goal against it. */
import { BUDGET_MB, type ColdFigures } from './cold-bench.js';
import type { Percentiles } from './cold-reads.js';
import { bullets, fixed, int, markdownTable } from './report.js';

const met = (ok: boolean) => `**${ok ? 'met' : 'NOT met'}**`;
const row = (label: string, p: Percentiles, extra: string[]) => [
  label,
  int(p.n),
  fixed(p.p50),
  fixed(p.p99),
  fixed(p.max),
  ...extra,
];

export function coldSection(f: ColdFigures, build: { deals: number; ms: number }): string {
  const table = markdownTable(
    [
      'Cold reads (`/dashboard/stats?days=30`)',
      'Reads',
      'p50 ms',
      'p99 ms',
      'Max ms',
      'All in ms',
      '/health p99 ms',
      'RSS max MiB',
    ],
    ['l', 'r', 'r', 'r', 'r', 'r', 'r', 'r'],
    [
      row('1,000,000-deal account, first read after a restart', f.afterRestart, ['-', '-', '-']),
      row('Bare Fastify, same body, warm', f.bareWarm, ['-', '-', '-']),
      row(
        `Sweep: ${f.sweepAccounts} accounts × ${int(f.sweepDeals)} deals, one after another`,
        f.sweep.reads,
        [int(f.sweep.totalMs), fixed(f.sweep.health.p99), fixed(f.sweep.rssHighMiB)],
      ),
      row(`After a restart, ${f.sweepAccounts} accounts' first reads at once`, f.together.reads, [
        int(f.together.totalMs),
        fixed(f.together.health.p99),
        fixed(f.together.rssHighMiB),
      ]),
      row('`/health` alone, idle server (reference)', f.idleHealth, ['-', '-', '-']),
    ],
  );
  const perSecond = (deals: number, ms: number) => int(deals / (ms / 1000));
  const sweepDeals = f.sweepAccounts * f.sweepDeals;
  return [
    table,
    '',
    bullets([
      `Goal: first read of \`/dashboard/stats?days=30\` after a restart on the ${int(build.deals)}-deal ` +
        `account p50 ≤ 150 ms — ${met(f.afterRestart.p50 <= 150)}: p50 ${fixed(f.afterRestart.p50)} ms ` +
        `over ${f.afterRestart.n} restarts (the bare route: ${fixed(f.bareFirstMs)} ms for its first ` +
        `request, ${fixed(f.bareWarm.p50)} ms warm).`,
      `Goal: the ${f.sweepAccounts} × ${int(f.sweepDeals)}-deal sweep's first reads p99 ≤ 150 ms — ` +
        `${met(f.sweep.reads.p99 <= 150)}: ${fixed(f.sweep.reads.p99)} ms (p50 ${fixed(f.sweep.reads.p50)} ms).`,
      `Goal: server RSS ≤ the cache budget (TRADING_CACHE_MB=${BUDGET_MB}) + 200 MiB during the sweep — ` +
        `${met(f.sweep.rssHighMiB <= BUDGET_MB + 200)}: at most ${fixed(f.sweep.rssHighMiB)} MiB ` +
        `(lowest sample ${fixed(f.sweep.rssLowMiB)} MiB).`,
      `Goal: \`/health\` p99 ≤ 20 ms during the sweep — ${met(f.sweep.health.p99 <= 20)}: ` +
        `${fixed(f.sweep.health.p99)} ms over ${int(f.sweep.health.n)} probes (idle: ${fixed(f.idleHealth.p99)} ms).`,
      `Goal: after a restart, ${f.sweepAccounts} accounts' first reads at once within 5 s with \`/health\` ` +
        `p99 ≤ 50 ms — ${met(f.together.totalMs <= 5_000 && f.together.health.p99 <= 50)}: ` +
        `${int(f.together.totalMs)} ms in all, \`/health\` p99 ${fixed(f.together.health.p99)} ms ` +
        `over ${int(f.together.health.n)} probes (idle: ${fixed(f.idleHealth.p99)} ms).`,
      `The follower (apps/server/src/modules/trading/positions-follower.ts) stored the closed ` +
        `positions of the ${int(build.deals)}-deal account in ${fixed(build.ms / 1000)} s ` +
        `(${perSecond(build.deals, build.ms)} deals/s, one transaction, 2,000 deals a step); the ` +
        `sweep's ${int(sweepDeals)} deals (seeded in ${fixed(f.sweepSeedSeconds)} s) in ` +
        `${fixed(f.sweepBuildMs / 1000)} s from the restart that started its backfill ` +
        `(${perSecond(sweepDeals, f.sweepBuildMs)} deals/s, server start-up included). Setup, not ` +
        `part of any read above.`,
      `/health is probed from a process of its own (bench/support/health-probe.ts: one request ` +
        `at a time, 5 ms apart), so its times are the server's, not the bench's own turns.`,
    ]),
  ].join('\n');
}
