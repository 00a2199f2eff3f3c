// Shared by `npm start` and `npm test`: install dependencies when missing, build when sources
// changed. Plain Node with no dependencies, since it runs before anything is installed.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export function run(cmd, args, opts = {}) {
  const res = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', ...opts });
  if (res.status !== 0) {
    process.stderr.write(`\nFalhou: ${cmd} ${args.join(' ')}\n`);
    process.exit(res.status ?? 1);
  }
}

export function ensureInstalled() {
  const marker = path.join(root, 'node_modules', '.package-lock.json');
  const lock = path.join(root, 'package-lock.json');
  const stale = !existsSync(marker) || statSync(lock).mtimeMs > statSync(marker).mtimeMs + 1000;
  if (!stale) return;
  process.stdout.write('Instalando dependências (npm ci)...\n');
  run('npm', ['ci', '--no-audit', '--no-fund']);
}

const SOURCES = [
  'package.json',
  'tsconfig.base.json',
  'packages/core/src',
  'packages/core/tsconfig.build.json',
  'apps/server/src',
  'apps/server/package.json',
  'apps/server/tsconfig.build.json',
  'apps/bridge/src',
  'apps/bridge/tsconfig.build.json',
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
];

function newestMtime(p) {
  if (!existsSync(p)) return 0;
  const s = statSync(p);
  if (!s.isDirectory()) return s.mtimeMs;
  let newest = s.mtimeMs;
  for (const entry of readdirSync(p)) newest = Math.max(newest, newestMtime(path.join(p, entry)));
  return newest;
}

/** Builds unless the last successful build is newer than every source file. */
export function ensureBuilt() {
  const stampFile = path.join(root, 'node_modules', '.cache', 'vortex-build.json');
  const newest = Math.max(...SOURCES.map((s) => newestMtime(path.join(root, s))));
  const outputs = [
    'packages/core/dist/index.js',
    'apps/server/dist/main.js',
    'apps/bridge/dist/main.js',
    'apps/web/dist/index.html',
  ];
  const built = outputs.every((o) => existsSync(path.join(root, o)));
  if (built && existsSync(stampFile)) {
    const stamp = JSON.parse(readFileSync(stampFile, 'utf8'));
    if (stamp.newest >= newest) return;
  }
  process.stdout.write('Construindo o Vórtex...\n');
  // Always a production build, even when started from a test runner that sets NODE_ENV=test.
  run('npm', ['run', 'build'], { env: { ...process.env, NODE_ENV: 'production' } });
  mkdirSync(path.dirname(stampFile), { recursive: true });
  writeFileSync(stampFile, JSON.stringify({ newest }));
}
