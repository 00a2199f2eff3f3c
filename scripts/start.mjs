// `npm start`: install when needed, build when needed, then run the whole system on its
// embedded defaults (API :5000, web :3000, PostgreSQL under ./data).
import { ensureBuilt, ensureInstalled, root } from './lib/prepare.mjs';

ensureInstalled();
ensureBuilt();
process.chdir(root);
process.env.DEMO ??= '1';
await import('../apps/server/dist/main.js');
