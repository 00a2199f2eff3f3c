import type { BackupItem } from '@vortex/core';
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { E2E_ADMIN } from './global-setup.js';
import { BackupPage } from './pages/backup.page.js';
import { LoginPage } from './pages/login.page.js';
import { launchBrowser, newPinnedContext } from './support/browser.js';
import { repoRoot } from './support/system.js';

// issue 7: a backup run from the screen appears in the list, downloads, and restores into an
// empty database with the same row counts.
const webUrl = inject('webUrl');
const apiUrl = inject('apiUrl');

let browser: Browser;
let page: Page;
let backups: BackupPage;
let work: string;
let before: string[] = [];
let filename = '';
let file = '';

/** `npm run restore -- FILE --json` into a fresh DATA_DIR (its own empty embedded database). */
function npmRestore(
  dump: string,
  dataDir: string,
): Promise<{ code: number | null; out: string; err: string }> {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir };
  delete env.DATABASE_URL;
  return new Promise((resolve, reject) => {
    const child = spawn('npm', ['run', '--silent', 'restore', '--', dump, '--json'], {
      cwd: repoRoot,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.setEncoding('utf8').on('data', (c: string) => (out += c));
    child.stderr.setEncoding('utf8').on('data', (c: string) => (err += c));
    child.on('error', reject);
    child.on('close', (code) => {
      resolve({ code, out, err });
    });
  });
}

beforeAll(async () => {
  work = await mkdtemp(path.join(os.tmpdir(), 'vortex-e2e-backup-'));
  browser = await launchBrowser();
  const context = await newPinnedContext(browser, {
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
    acceptDownloads: true,
  });
  await context.addInitScript(() => {
    localStorage.setItem('onboarding_completed_full', 'true');
  });
  page = await context.newPage();
  await page.goto(`${webUrl}/login`);
  await new LoginPage(page).login(E2E_ADMIN.email, E2E_ADMIN.password);
  await page.waitForURL(/\/dashboard$/);
  backups = new BackupPage(page);
});

afterAll(async () => {
  await browser.close();
  await rm(work, { recursive: true, force: true });
});

describe('backup journey', () => {
  it('the admin runs a backup from the screen and it appears in the list as verified', async () => {
    await backups.open(webUrl);
    before = await backups.listedFiles();
    await backups.runBackup();
    const after = await backups.listedFiles();
    const added = after.filter((f) => !before.includes(f));
    expect(added).toHaveLength(1);
    filename = added[0] ?? '';
    expect(filename).toMatch(/^vortex-backup-\d{8}-\d{6}-[a-z0-9]{4}\.sql\.gz$/);
    expect(await backups.statusOf(filename)).toBe('Sucesso');
  });

  it('downloads the listed file through the browser', async () => {
    const download = await backups.download(filename);
    expect(download.suggestedFilename()).toBe(filename);
    file = path.join(work, filename);
    await download.saveAs(file);
    const bytes = await readFile(file);
    expect([bytes[0], bytes[1]]).toEqual([0x1f, 0x8b]);
    expect(gunzipSync(bytes).toString('utf8')).toContain('CREATE TABLE');
  });

  it('npm run restore loads it into an empty database with the same row counts', async () => {
    const login = await fetch(`${apiUrl}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(E2E_ADMIN),
    });
    const { token } = (await login.json()) as { token: string };
    const list = await fetch(`${apiUrl}/api/backup/list`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const items = ((await list.json()) as { data: BackupItem[] }).data;
    const item = items.find((b) => b.filename === filename);
    expect(item?.counts.users).toBeGreaterThan(0);

    const restored = await npmRestore(file, path.join(work, 'restored-data'));
    expect(restored.code, restored.err).toBe(0);
    expect(JSON.parse(restored.out) as Record<string, number>).toEqual(item?.counts);

    // The same database again: refused without --force, so nothing is overwritten by accident.
    const again = await npmRestore(file, path.join(work, 'restored-data'));
    expect(again.code).toBe(1);
    expect(again.err).toContain('não está vazio');
  });
});
