// The login route's initial JavaScript: what a browser must fetch before the login page runs,
// gzipped, from the built web app (goal ≤ 200 KB). Reference: all of the app's JavaScript.
//   npm run build -w @vortex/web && npm run bench:bundle -w @vortex/bench
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { bullets, fixed, markdownTable, writeSection } from './support/report.js';

const SECTION = '## Login route initial JavaScript';
const GOAL_KB = 200;
const dist = path.resolve(import.meta.dirname, '../apps/web/dist');
if (!existsSync(path.join(dist, 'index.html'))) {
  throw new Error('apps/web/dist is missing: run `npm run build -w @vortex/web` first');
}

const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
const assets = readdirSync(path.join(dist, 'assets')).filter((f) => f.endsWith('.js'));
const login = assets.find((f) => /^login-[\w-]+\.js$/.test(f));
if (!login) throw new Error('no login route chunk in the build');

// Static imports only: chunks behind import() load when another route is opened.
const STATIC_IMPORT = /(?:^|[;\n}])\s*import\s*(?:[^'"()]*?from\s*)?["']\.\/([^"']+\.js)["']/g;
const initial = new Set<string>();
function visit(file: string): void {
  if (initial.has(file)) return;
  initial.add(file);
  const code = readFileSync(path.join(dist, 'assets', file), 'utf8');
  for (const m of code.matchAll(STATIC_IMPORT)) if (m[1]) visit(m[1]);
}
for (const m of html.matchAll(/(?:src|href)="\/assets\/([^"]+\.js)"/g)) if (m[1]) visit(m[1]);
visit(login);

const size = (files: Iterable<string>) => {
  let raw = 0;
  let gz = 0;
  for (const f of files) {
    const bytes = readFileSync(path.join(dist, 'assets', f));
    raw += bytes.length;
    gz += gzipSync(bytes).length;
  }
  return { raw: raw / 1024, gz: gz / 1024 };
};
const loginSize = size(initial);
const allSize = size(assets);
const met = loginSize.gz <= GOAL_KB;

const section = [
  SECTION,
  '',
  'Command (from the repository root): `npm run build -w @vortex/web && npm run bench:bundle -w @vortex/bench`.',
  '',
  bullets([
    `Date: ${new Date().toISOString()}`,
    'Method: the files `index.html` loads plus the login route chunk and every chunk they import ' +
      'statically, from `apps/web/dist`, each gzipped (zlib, default level) and summed. Chunks ' +
      'behind `import()` (other routes, the charts) are not counted: they load later.',
  ]),
  '',
  markdownTable(
    ['What', 'Files', 'Raw KB', 'Gzipped KB'],
    ['l', 'r', 'r', 'r'],
    [
      ['Login route, initial', String(initial.size), fixed(loginSize.raw), fixed(loginSize.gz)],
      [
        'Reference: all the app’s JavaScript',
        String(assets.length),
        fixed(allSize.raw),
        fixed(allSize.gz),
      ],
    ],
  ),
  '',
  bullets([
    `Goal: ≤ ${GOAL_KB} KB gzipped — **${met ? 'met' : 'NOT met'}** (${fixed(loginSize.gz)} KB, ` +
      `${fixed((100 * loginSize.gz) / allSize.gz, 0)} % of the whole app).`,
  ]),
  '',
].join('\n');
console.log(section);
await writeSection(SECTION, section);
