// Bundles the agent into one file for the installer zip: the trader's PC needs only Node.js.
import { build } from 'esbuild';
import { readFileSync } from 'node:fs';

const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));

await build({
  entryPoints: [new URL('../dist/main.js', import.meta.url).pathname],
  outfile: new URL('../dist/vortex-bridge.mjs', import.meta.url).pathname,
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  minify: true,
  legalComments: 'none',
  // ws loads these native speed-ups only when present.
  external: ['bufferutil', 'utf-8-validate'],
  define: { __VORTEX_BRIDGE_VERSION__: JSON.stringify(pkg.version) },
  // ws is CommonJS and requires Node's built-ins.
  banner: {
    js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);",
  },
  logLevel: 'warning',
});
