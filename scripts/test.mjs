// `npm test`: install when needed, build, then run every tier (unit, integration against
// PostgreSQL, faults killing the built system's processes, e2e in Chromium) and end with one line: "N passed, N failed".
//   node scripts/test.mjs [unit|integration|faults|e2e ...]
// TEST_SUMMARY_FILE, when set, receives the totals as JSON so .ci/run can add further runs.
// TEST_EXCLUDE, a comma-separated list of globs, leaves files out of a repeated run.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { findRedisServer } from './lib/find-binary.mjs';
import { ensureBuilt, ensureInstalled, root } from './lib/prepare.mjs';

const TIERS = {
  unit: ['--project', 'unit', '--project', 'unit-web'],
  integration: ['--project', 'integration'],
  faults: ['--project', 'faults'],
  e2e: ['--project', 'e2e'],
};
/** How many of each tier's slowest files the summary names. */
const SLOWEST = 10;
const asked = process.argv.slice(2);
const tiers = asked.length ? asked : Object.keys(TIERS);
for (const t of tiers) {
  if (!TIERS[t]) {
    process.stderr.write(
      `Camada de teste desconhecida: ${t} (use ${Object.keys(TIERS).join(', ')})\n`,
    );
    process.exit(2);
  }
}

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (tiers.includes('e2e') && !existsSync(chromium)) {
  process.stderr.write(
    `Chromium não encontrado em ${chromium}; os testes e2e precisam dele.\n` +
      'Instale com:  sudo apt-get install -y chromium\n',
  );
  process.exit(1);
}

// The integration tier starts throwaway redis-servers of its own (never the machine's 6379).
if ((tiers.includes('integration') || tiers.includes('faults')) && !findRedisServer()) {
  process.stderr.write(
    'redis-server não encontrado; os testes de integração iniciam o seu próprio.\n' +
      'Instale com:  sudo apt-get install -y redis-server   (ou defina REDIS_SERVER_PATH)\n',
  );
  process.exit(1);
}

ensureInstalled();
ensureBuilt();

const outDir = path.join(root, '.test-results');
mkdirSync(outDir, { recursive: true });
let passed = 0;
let failed = 0;
let broken = false;
const failures = [];
for (const tier of tiers) {
  const report = path.join(outDir, `${tier}.json`);
  process.stdout.write(`\n=== ${tier} ===\n`);
  // A report left by an earlier run must not stand in for one this run failed to write.
  rmSync(report, { force: true });
  const tierStart = Date.now();
  const res = spawnSync(
    'npx',
    [
      'vitest',
      'run',
      ...TIERS[tier],
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${report}`,
      ...(process.env.TEST_EXCLUDE ?? '')
        .split(',')
        .filter(Boolean)
        .flatMap((glob) => ['--exclude', glob]),
    ],
    { cwd: root, stdio: 'inherit' },
  );
  if (!existsSync(report)) {
    broken = true;
    failed += 1;
    process.stdout.write(
      `${tier}: o executor de testes não produziu relatório (código ${res.status})\n`,
    );
    continue;
  }
  const r = JSON.parse(readFileSync(report, 'utf8'));
  passed += r.numPassedTests;
  failed += r.numFailedTests;
  failures.push(...failedTests(tier, r));
  // A suite that failed to load counts as a failure even when none of its tests ran.
  const suiteOnly = res.status !== 0 && r.numFailedTests === 0;
  if (suiteOnly) {
    broken = true;
    failed += 1;
  }
  const suites = suiteOnly ? ' (um arquivo falhou fora dos testes)' : '';
  process.stdout.write(
    `${tier}: ${r.numPassedTests} passed, ${r.numFailedTests + (suiteOnly ? 1 : 0)} failed${suites}\n`,
  );
  process.stdout.write(slowest(tier, r, (Date.now() - tierStart) / 1000));
}

if (process.env.TEST_SUMMARY_FILE) {
  writeFileSync(process.env.TEST_SUMMARY_FILE, JSON.stringify({ passed, failed, failures }));
}
if (failures.length)
  process.stdout.write(`\nFalharam:\n${failures.map((f) => `  ${f}`).join('\n')}\n`);
process.stdout.write(`\n${passed} passed, ${failed} failed\n`);
process.exit(failed > 0 || broken ? 1 : 0);

/** "tier › file › test name" for each failed test, and each file that failed outside its tests. */
function failedTests(tier, report) {
  const out = [];
  for (const file of report.testResults ?? []) {
    const name = path.relative(root, file.name);
    const bad = (file.assertionResults ?? []).filter((a) => a.status === 'failed');
    for (const a of bad)
      out.push(`${tier} › ${name} › ${a.fullName ?? a.title}${why(a.failureMessages?.[0])}`);
    // A file can fail with every test passing: it did not load, or a hook around its tests failed.
    if (!bad.length && file.status === 'failed') {
      const why = (file.message ?? '').split('\n')[0] || 'falhou fora dos testes';
      out.push(`${tier} › ${name} › ${why}`);
    }
  }
  return out;
}

/**
 * The tier's wall time and its slowest files, each with its time and when it started: CI's time
 * budget is spent mostly by a few files, and a long one started late stretches the tier's end.
 */
function slowest(tier, report, wallSeconds, count = SLOWEST) {
  const files = (report.testResults ?? [])
    .filter((f) => f.startTime && f.endTime)
    .map((f) => ({
      name: path.relative(root, f.name),
      seconds: (f.endTime - f.startTime) / 1000,
      at: (f.startTime - report.startTime) / 1000,
    }))
    .sort((a, b) => b.seconds - a.seconds)
    .slice(0, count);
  if (!files.length) return '';
  const lines = files.map(
    (f) => `  ${f.seconds.toFixed(1).padStart(7)} s  (início ${f.at.toFixed(0)} s)  ${f.name}`,
  );
  return `${tier}: ${wallSeconds.toFixed(0)} s; arquivos mais lentos:\n${lines.join('\n')}\n`;
}

/** The head and tail of a failure's message, indented under its name, so CI's tail shows the cause. */
function why(message) {
  if (!message) return '';
  const lines = message
    .split('\n')
    .map((l) => l.trimEnd())
    .filter((l) => l.trim() && !/^\s+at /.test(l));
  // The head says what was expected; a process's log tail ends with what it did last.
  if (lines.length > 14) lines.splice(4, lines.length - 14, '…');
  return lines.length ? `\n      ${lines.map((l) => l.slice(0, 200)).join('\n      ')}` : '';
}
