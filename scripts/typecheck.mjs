// `npm run typecheck`: one tsc per package, two at a time. Each tsc is single-threaded, so one after
// another leaves a core idle; more than two would only fight over this machine's two cores.
// TYPECHECK_LANES=1 runs them one at a time, for when something else holds the other core.
//   node scripts/typecheck.mjs
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const tsc = path.join(root, 'node_modules', 'typescript', 'bin', 'tsc');
// Largest first, so the two lanes end close together.
const projects = ['apps/web', 'apps/server', 'apps/bridge', 'bench', 'packages/core', 'e2e', '.'];
const LANES = Number(process.env.TYPECHECK_LANES) || 2;

let failed = 0;
const queue = [...projects];
await Promise.all(Array.from({ length: LANES }, () => lane()));
process.exit(failed ? 1 : 0);

async function lane() {
  for (let p = queue.shift(); p !== undefined; p = queue.shift()) {
    const { code, output } = await check(p);
    // Whole outputs, one project at a time, so two projects' errors never interleave.
    if (output) process.stdout.write(output);
    if (code !== 0) {
      failed += 1;
      process.stdout.write(`tsc -p ${p}: falhou (código ${code})\n`);
    }
  }
}

function check(project) {
  return new Promise((resolve) => {
    // tsc colours its output only on a terminal; through a pipe it needs to be asked.
    const pretty = process.stdout.isTTY ? ['--pretty'] : [];
    const child = spawn(process.execPath, [tsc, '-p', project, ...pretty], { cwd: root });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('close', (code) => resolve({ code: code ?? 1, output }));
  });
}
