// The pure part of check-test-timers.mjs: which files are tests or their helpers, where they call
// a timer, and what the allow-list leaves over. Kept apart so its test can feed it fake files.

/** A test, or a helper only tests use: the places where a sleep would hide a race. */
export function isTestCode(file) {
  if (/(^|\/)(node_modules|dist|vendor)\//.test(file)) return false;
  if (!/\.(ts|tsx|mjs|js)$/.test(file)) return false;
  if (/\.test\.(ts|tsx|mjs|js)$/.test(file)) return true;
  return (
    file.startsWith('apps/server/test/') ||
    file.startsWith('apps/web/src/test/') ||
    file.startsWith('e2e/') ||
    // The bridge keeps its test doubles and process drivers beside the code they drive.
    /^apps\/bridge\/src\/.*\/(fake-[\w-]+|[\w-]+-process|test-[\w-]+|chaos-proxy)\.ts$/.test(file)
  );
}

// A timer called as a function (a socket's own `.setTimeout(ms)` is not one), or the module that
// makes them promises.
const TIMER =
  /(?<![.\w])(setTimeout|sleep|delay)\s*\(|(?:globalThis|window)\.setTimeout\s*\(|timers\/promises/;

/** The lines of `source` that start a timer, 1-based, comments left out. */
export function findTimers(source) {
  const found = [];
  source.split('\n').forEach((text, i) => {
    const code = text.trim();
    if (code.startsWith('//') || code.startsWith('*') || code.startsWith('/*')) return;
    if (TIMER.test(text)) found.push({ line: i + 1, text: code });
  });
  return found;
}

/**
 * What breaks the rule, in pt-BR: a file with more timers than its allow-list entry names (each
 * left in a test must be a wait's deadline or pacing under test, with its reason written down),
 * and entries that allow more than is there, so the list only ever shrinks.
 */
export function checkTimers(files, allow) {
  const allowed = new Map(allow.map((a) => [a.file, a]));
  const problems = [];
  const seen = new Set();
  for (const { path, source } of files) {
    if (!isTestCode(path)) continue;
    const timers = findTimers(source);
    const entry = allowed.get(path);
    if (entry) seen.add(path);
    const limit = entry?.count ?? 0;
    if (timers.length > limit) {
      const where = timers.map((t) => `  ${path}:${t.line}: ${t.text}`).join('\n');
      problems.push(
        `${path}: ${timers.length} temporizador(es), ${limit} permitido(s) em scripts/test-timers.allow.json. ` +
          'Espere pela condição (apps/server/test/wait.ts, waitFor) ou, para afirmar que algo não ' +
          'aconteceu, por um evento posterior no mesmo canal; nunca por um tempo.\n' +
          where,
      );
    } else if (timers.length < limit) {
      problems.push(
        `${path}: a lista permite ${limit} temporizador(es), há ${timers.length}: diminua a entrada.`,
      );
    }
  }
  for (const a of allow) {
    if (!a.reason?.trim()) problems.push(`${a.file}: entrada sem motivo (reason).`);
    if (!seen.has(a.file))
      problems.push(`${a.file}: na lista, mas não é um arquivo de teste existente.`);
  }
  return problems;
}
