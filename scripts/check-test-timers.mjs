// `npm run lint` runs this: no test sleeps to assert. Every setTimeout/sleep/delay (or
// node:timers/promises) left in a test or a test helper is named, with its reason, in
// scripts/test-timers.allow.json: the deadline of a wait, or pacing that is itself under test.
//   node scripts/check-test-timers.mjs
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkTimers, isTestCode } from './lib/test-timers.mjs';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const listed = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
  cwd: root,
  encoding: 'utf8',
})
  .split('\n')
  .filter((f) => f && isTestCode(f));
const files = [];
for (const f of listed) {
  try {
    files.push({ path: f, source: readFileSync(path.join(root, f), 'utf8') });
  } catch {
    // Deleted in the work tree but still in the index: nothing to check.
  }
}
const allow = JSON.parse(readFileSync(path.join(root, 'scripts/test-timers.allow.json'), 'utf8'));
const problems = checkTimers(files, allow);
if (problems.length > 0) {
  process.stderr.write(`${problems.join('\n\n')}\n`);
  process.exit(1);
}
process.stdout.write(`check-test-timers: ${files.length} arquivos de teste, nenhum sono.\n`);
