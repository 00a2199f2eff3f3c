// What a browser receives: the bytes Chromium transfers from the web app's origin for a cold login
// page (goal ≤ 200 KB) and a cold dashboard of a logged-in trader (goal ≤ 550 KB), from the built
// server's web port, beside the same files from a plain gzip static server in the same run.
//   npm run build && npm run bench:bundle -w @vortex/bench
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { launchBrowser } from '../e2e/support/browser.js';
import { startGzipReference } from './support/gzip-reference.js';
import {
  cleanUp,
  freePorts,
  guardRun,
  HOST,
  onCleanUp,
  startChild,
  stopChild,
  waitForHealth,
} from './support/processes.js';
import { bullets, fixed, machineNote, markdownTable, writeSection } from './support/report.js';
import { ROOT } from './support/vortex-server.js';

const SECTION = '## Web app bytes transferred: login page and dashboard';
const GOAL_LOGIN_KB = 200;
const GOAL_DASHBOARD_KB = 550;
const DEMO = { email: 'demo.bundle@vortex.local', password: 'Demo@Bundle2026' };

for (const needed of ['apps/server/dist/main.js', 'apps/web/dist/index.html']) {
  if (!existsSync(path.join(ROOT, needed)))
    throw new Error(`${needed} is missing: run \`npm run build\``);
}
guardRun(300_000);

const [apiPort, webPort, refPort] = await freePorts(3);
if (!apiPort || !webPort || !refPort) throw new Error('no free ports');
const webUrl = `http://${HOST}:${webPort}`;
const refUrl = `http://${HOST}:${refPort}`;
const dataDir = await mkdtemp(path.join(tmpdir(), 'vortex-bench-bundle-'));
onCleanUp('remove the DATA_DIR', () =>
  rm(dataDir, { recursive: true, force: true, maxRetries: 3 }),
);
// The demo trader, paired to the simulator with ten days of history: a dashboard full of data.
const server = startChild(
  'Vórtex server',
  [path.join(ROOT, 'apps/server/dist/main.js')],
  {
    ...process.env,
    DATABASE_URL: '',
    REDIS_URL: '',
    PORT: String(apiPort),
    WEB_PORT: String(webPort),
    HOST,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    DEMO: '1',
    DEMO_EMAIL: DEMO.email,
    DEMO_PASSWORD: DEMO.password,
    SIM_HISTORY_DAYS: '10',
    WEB_ORIGINS: [webUrl, refUrl].join(','),
  },
  ROOT,
);
onCleanUp('stop the Vórtex server', () => stopChild(server, 30_000));
const apiUrl = `http://${HOST}:${apiPort}`;
await waitForHealth(server, apiUrl, 120_000);
const reference = await startGzipReference(path.join(ROOT, 'apps/web/dist'), refPort, webUrl);
onCleanUp('stop the gzip reference', () => reference.close());

const browser: Browser = await launchBrowser();
onCleanUp('close Chromium', () => browser.close());

interface Transfer {
  files: number;
  /** Bytes on the wire (headers and body), from the web origin only. */
  bytes: number;
  scriptsAndStyles: number;
}

/** Opens `url` in `context` (its cache empty) and sums what came over the wire from `origin`. */
async function transferred(
  context: BrowserContext,
  origin: string,
  url: string,
  ready: (page: Page) => Locator,
) {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  const meta = new Map<string, { url: string; type: string }>();
  const total: Transfer = { files: 0, bytes: 0, scriptsAndStyles: 0 };
  cdp.on('Network.responseReceived', (e) =>
    meta.set(e.requestId, { url: e.response.url, type: e.type }),
  );
  cdp.on('Network.loadingFinished', (e) => {
    const m = meta.get(e.requestId);
    if (!m?.url.startsWith(origin)) return;
    total.files++;
    total.bytes += e.encodedDataLength;
    if (m.type === 'Script' || m.type === 'Stylesheet')
      total.scriptsAndStyles += e.encodedDataLength;
  });
  await page.goto(url);
  await ready(page).first().waitFor({ timeout: 60_000 });
  // Lazy chunks (the charts) load after the first paint: wait until the network settles.
  await page.waitForLoadState('networkidle');
  await page.close();
  return total;
}

/** A cold login page, then a cold dashboard of the trader logged in on that origin. */
async function measure(origin: string): Promise<{ login: Transfer; dashboard: Transfer }> {
  const cold = await browser.newContext({ locale: 'pt-BR' });
  const login = await transferred(cold, origin, `${origin}/login`, (p) =>
    p.getByRole('button', { name: 'Entrar', exact: true }),
  );
  const page = await cold.newPage();
  await page.goto(`${origin}/login`);
  await page.getByLabel('Usuário ou email').fill(DEMO.email);
  await page.getByLabel('Senha', { exact: true }).fill(DEMO.password);
  await page.getByRole('button', { name: 'Entrar', exact: true }).click();
  await page.waitForURL(/\/dashboard$/);
  const storageState = await cold.storageState();
  await cold.close();
  // The session (localStorage) carried over, the HTTP cache not: a cold dashboard.
  const warm = await browser.newContext({ locale: 'pt-BR', storageState });
  // A tab that did not log in itself is logged out (fresh_login): this one did.
  await warm.addInitScript(
    "sessionStorage.setItem('fresh_login', 'done'); localStorage.setItem('onboarding_completed_full', 'true')",
  );
  const dashboard = await transferred(warm, origin, `${origin}/dashboard`, (p) =>
    p.getByRole('region', { name: 'Controle do VórtexBot' }),
  );
  await warm.close();
  return { login, dashboard };
}

const vortex = await measure(webUrl);
const gzipRef = await measure(refUrl);
await cleanUp();

const kb = (n: number) => fixed(n / 1024);
const row = (what: string, t: Transfer) => [
  what,
  String(t.files),
  kb(t.scriptsAndStyles),
  kb(t.bytes),
];
const verdict = (t: Transfer, goal: number) =>
  `${t.bytes / 1024 <= goal ? '**met**' : '**NOT met**'} (${kb(t.bytes)} KB)`;
const section = [
  SECTION,
  '',
  'Command (from the repository root): `npm run build && npm run bench:bundle -w @vortex/bench`.',
  '',
  bullets([
    `Date: ${new Date().toISOString()}; machine: ${machineNote()}; Chromium ${browser.version()}.`,
    'Method: the built server (demo trader on the simulator, ten days of history) and, in the ' +
      'same run, a plain static server of the same `apps/web/dist` that gzips each text response ' +
      '(zlib, default level) and ignores the `.br`/`.gz` copies. For each, Chromium opens the ' +
      'login page in a fresh context, then the dashboard of the trader logged in on that origin ' +
      'in another fresh context (session kept, HTTP cache empty), and waits for the network to ' +
      'settle. Bytes are CDP `Network.loadingFinished` `encodedDataLength` (headers and body ' +
      'as received) summed over every response from the web origin (HTML, JS, CSS, SVG, runtime ' +
      'config); API calls are not counted.',
  ]),
  '',
  markdownTable(
    ['What', 'Files', 'JS + CSS KB', 'All KB'],
    ['l', 'r', 'r', 'r'],
    [
      row('Login page, cold: Vórtex web port', vortex.login),
      row('Reference: gzip static server', gzipRef.login),
      row('Dashboard, cold, logged in: Vórtex', vortex.dashboard),
      row('Reference: gzip static server', gzipRef.dashboard),
    ],
  ),
  '',
  bullets([
    `Login page goal ≤ ${GOAL_LOGIN_KB} KB: ${verdict(vortex.login, GOAL_LOGIN_KB)}, ` +
      `${fixed((100 * vortex.login.bytes) / gzipRef.login.bytes, 0)} % of the gzip reference.`,
    `Cold dashboard goal ≤ ${GOAL_DASHBOARD_KB} KB: ${verdict(vortex.dashboard, GOAL_DASHBOARD_KB)}, ` +
      `${fixed((100 * vortex.dashboard.bytes) / gzipRef.dashboard.bytes, 0)} % of the gzip reference.`,
  ]),
  '',
].join('\n');
console.log(section);
await writeSection(SECTION, section);
process.exit(0);
