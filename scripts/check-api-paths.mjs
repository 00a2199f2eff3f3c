// `npm run lint` runs this: no API path is written outside the endpoint table in
// packages/core/src/endpoints. The server registers its routes from the table and the web app
// calls through a client built from it, so a path literal elsewhere is a copy that can drift.
//   node scripts/check-api-paths.mjs
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { apiPathLiterals, apiPathMatcher, isProductCode, tablePaths } from './lib/api-paths.mjs';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const listed = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
  cwd: root,
  encoding: 'utf8',
})
  .split('\n')
  .filter(Boolean);
const read = (f) => {
  try {
    return readFileSync(path.join(root, f), 'utf8');
  } catch {
    return undefined; // Deleted in the work tree but still in the index.
  }
};
const table = listed.filter(
  (f) =>
    f.startsWith('packages/core/src/endpoints/') && f.endsWith('.ts') && !f.endsWith('.test.ts'),
);
const paths = tablePaths(table.map(read).filter((s) => s !== undefined));
if (paths.length === 0) {
  process.stderr.write('check-api-paths: a tabela de endpoints não declara nenhum caminho.\n');
  process.exit(1);
}
const isApiPath = apiPathMatcher(paths);
const files = listed.filter(isProductCode);
const found = [];
for (const f of files) {
  const source = read(f);
  if (source !== undefined) found.push(...apiPathLiterals(f, source, isApiPath));
}
if (found.length > 0) {
  process.stderr.write(
    `Caminhos de API fora da tabela de endpoints (packages/core/src/endpoints):\n${found.join('\n')}\n`,
  );
  process.exit(1);
}
process.stdout.write(
  `check-api-paths: ${paths.length} caminhos na tabela, ${files.length} arquivos, nenhum fora dela.\n`,
);
