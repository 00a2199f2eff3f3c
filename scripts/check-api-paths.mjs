// `npm run lint` runs this: no API path is written outside the endpoint table in
// packages/core/src/endpoints. The server registers its routes from the table and the web app
// calls through a client built from it, so a path literal elsewhere is a copy that can drift.
//   node scripts/check-api-paths.mjs
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { apiPathLiterals, isProductCode } from './lib/api-paths.mjs';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
  cwd: root,
  encoding: 'utf8',
})
  .split('\n')
  .filter((f) => f && isProductCode(f));
const found = [];
for (const f of files) {
  let source;
  try {
    source = readFileSync(path.join(root, f), 'utf8');
  } catch {
    continue; // Deleted in the work tree but still in the index.
  }
  found.push(...apiPathLiterals(f, source));
}
if (found.length > 0) {
  process.stderr.write(
    `Caminhos de API fora da tabela de endpoints (packages/core/src/endpoints):\n${found.join('\n')}\n`,
  );
  process.exit(1);
}
process.stdout.write(
  `check-api-paths: ${files.length} arquivos, nenhum caminho de API fora da tabela.\n`,
);
