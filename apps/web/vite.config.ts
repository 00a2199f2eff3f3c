import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './build/precompress';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

export default defineConfig({
  // Pinned so `vite build` gives the same output from the repo root or from apps/web.
  root: here('.'),
  plugins: [react(), tailwindcss(), precompress()],
  resolve: {
    // Build from core's sources: no need to run `tsc -b packages/core` before the web build.
    alias: { '@vortex/core': here('../../packages/core/src/index.ts') },
  },
  build: { outDir: here('dist'), emptyOutDir: true },
});
