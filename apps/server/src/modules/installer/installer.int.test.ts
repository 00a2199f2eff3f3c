import { apiErrorMessages, bridgeMessages, INSTALLERS_PER_HOUR, mt5Messages } from '@vortex/core';
import { spawn } from 'node:child_process';
import { chmod, mkdtemp, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {
  describe,
  expect,
  it,
  type Requests,
  type TestApp,
  type TestDatabase,
  type TestUser,
} from '../../../test/fixture.js';
import { z } from 'zod';
import {
  EXIT_CRASHED,
  EXIT_PROTOCOL,
  EXIT_REFUSED,
  EXIT_STOPPED,
} from '../../../../bridge/src/agent/exit-codes.js';
import { TestAgent } from '../../../test/agent-client.js';
import { bearer, makeUser } from '../../../test/identities.js';
import { LiveWsClient } from '../../../test/live-client.js';
import { createTestApp, TEST_PUBLIC_API_URL } from '../../../test/test-app.js';
import { waitUntil } from '../../../test/wait.js';
import { unzip } from '../../../test/zip-files.js';
import { maybeRow } from '../../db/rows.js';

let api: Requests;
let db: TestDatabase;
let t: TestApp;
let base: string;
let admin: TestUser;

it.beforeAll(({ db: givenDb, t: givenT, base: givenBase, api: givenApi, admin: givenAdmin }) => {
  [db, t, base, api, admin] = [givenDb, givenT, givenBase, givenApi, givenAdmin];
});

async function installerFor(u: TestUser) {
  const res = await api.as(u).get('/api/bridge/installer/iot/zip');
  expect(res.statusCode).toBe(200);
  return res.json<{
    download_url: string;
    download_id: string;
    device_id: string;
    file_size_mb: number;
  }>();
}

/** The zip unpacked into a fresh folder; returns the VortexBridge folder inside it. */
async function extract(zip: Buffer): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'vortex-installer-'));
  for (const [name, content] of await unzip(zip)) {
    await mkdir(path.join(dir, path.dirname(name)), { recursive: true });
    await writeFile(path.join(dir, name), content);
  }
  return path.join(dir, 'VortexBridge');
}

const claimOf = (id: string) =>
  maybeRow(
    db.pool,
    z.object({ status: z.string(), primary_account_number: z.number().nullable() }),
    'SELECT status, primary_account_number FROM bridge_claims WHERE id = $1',
    [id],
  );

describe('installer and auto-claim', () => {
  it('builds a real zip with the agent, a config holding a fresh device key, and pt-BR notes', async () => {
    const trader = await makeUser(db.pool, { role: 'trader' });
    const info = await installerFor(trader);
    expect(info.download_url).toBe(
      `${TEST_PUBLIC_API_URL}/api/bridge/installer/download/${info.download_id}`,
    );
    expect(await claimOf(info.device_id)).toEqual({
      status: 'pre_install',
      primary_account_number: null,
    });
    const path = new URL(info.download_url).pathname;
    const download = await api.get(path);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/zip');
    expect(info.file_size_mb).toBeCloseTo(download.rawPayload.length / 1024 / 1024, 2);
    const files = await unzip(download.rawPayload);
    expect([...files.keys()]).toEqual(
      expect.arrayContaining([
        'VortexBridge/vortex-bridge.mjs',
        'VortexBridge/config.json',
        'VortexBridge/LEIA-ME.txt',
        'VortexBridge/iniciar-bridge.cmd',
      ]),
    );
    const config = JSON.parse(files.get('VortexBridge/config.json')?.toString() ?? '{}') as {
      device_key: string;
      server_url: string;
    };
    expect(config.server_url).toBe(TEST_PUBLIC_API_URL);
    expect(config.device_key).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(files.get('VortexBridge/LEIA-ME.txt')?.toString()).toContain(
      'Executar como administrador',
    );

    // The link works once: the key inside must not be fetchable again.
    const again = await api.get(path);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toMatchObject({ error: mt5Messages.installerNotFound });
  });

  it('the device key pairs the agent; its first heartbeat makes the claim active', async () => {
    const trader = await makeUser(db.pool, { role: 'trader' });
    const live = await LiveWsClient.open(base, {
      ticket: (await api.as(trader).post('/api/bridge/events/ticket')).json<{ ticket: string }>()
        .ticket,
    });
    await live.waitFor((m) => m.type === 'ws_connected');
    const info = await installerFor(trader);
    const files = await unzip((await api.get(new URL(info.download_url).pathname)).rawPayload);
    const { device_key } = JSON.parse(
      files.get('VortexBridge/config.json')?.toString() ?? '{}',
    ) as {
      device_key: string;
    };

    const agent = await TestAgent.connect(base);
    agent.send({ type: 'auth', protocol: 1, client_version: '0.1.0', device_key });
    expect(await agent.next()).toMatchObject({ type: 'auth_ok' });
    expect((await claimOf(info.device_id))?.status).toBe('pre_install');
    agent.send({ type: 'heartbeat', seq: 1, mt5_alive: false, ts: Date.now() });
    await live.waitFor((m) => m.type === 'bridge_claim_active' && m.claim_id === info.device_id);
    expect((await claimOf(info.device_id))?.status).toBe('active');
    agent.close();
    live.close();

    const unknown = await TestAgent.connect(base);
    unknown.send({
      type: 'auth',
      protocol: 1,
      client_version: '0.1.0',
      device_key: 'x'.repeat(43),
    });
    expect(await unknown.next()).toEqual({
      type: 'auth_error',
      error: bridgeMessages.invalidDeviceKey,
    });
  });

  it('a second MT5 account on one claim is a mismatch: refused until an admin resets it', async () => {
    const trader = await makeUser(db.pool, { role: 'trader' });
    const info = await installerFor(trader);
    const files = await unzip((await api.get(new URL(info.download_url).pathname)).rawPayload);
    const { device_key } = JSON.parse(
      files.get('VortexBridge/config.json')?.toString() ?? '{}',
    ) as {
      device_key: string;
    };
    const hello = (account: number) => ({
      type: 'hello',
      account_number: account,
      server: 'Demo',
      currency: 'BRL',
      margin_mode: 'netting',
      trade_mode: 'demo',
      client_version: '0.1.0',
    });
    const connect = async () => {
      const a = await TestAgent.connect(base);
      a.send({ type: 'auth', protocol: 1, client_version: '0.1.0', device_key });
      return { agent: a, first: await a.next() };
    };
    const one = await connect();
    one.agent.send(hello(111));
    expect(await one.agent.next()).toMatchObject({ type: 'resume', account_number: 111 });
    one.agent.close();

    const two = await connect();
    two.agent.send(hello(222));
    expect(await two.agent.next()).toEqual({
      type: 'revoked',
      reason: bridgeMessages.accountMismatch,
    });
    expect(await two.agent.waitClosed()).toBe(4409);
    expect((await claimOf(info.device_id))?.status).toBe('mismatch');
    const refused = await connect();
    expect(refused.first).toEqual({ type: 'auth_error', error: bridgeMessages.claimBlocked });

    const reset = await api.as(admin).post(`/api/bridge/claim/${info.device_id}/reset`);
    expect(reset.statusCode).toBe(200);
    const three = await connect();
    three.agent.send(hello(222));
    expect(await three.agent.next()).toMatchObject({ type: 'resume', account_number: 222 });
    three.agent.close();
  });

  it('the agent inside the zip, run as shipped with config.json, claims itself', async () => {
    const trader = await makeUser(db.pool, { role: 'trader' });
    const info = await installerFor(trader);
    const zip = (await api.get(new URL(info.download_url).pathname)).rawPayload;
    const folder = await extract(zip);
    const configFile = path.join(folder, 'config.json');
    const config = JSON.parse(
      (await unzip(zip)).get('VortexBridge/config.json')?.toString() ?? '{}',
    ) as Record<string, unknown>;
    // No MT5 here: the same bundle on the simulator, pointed at this test server.
    await writeFile(configFile, JSON.stringify({ ...config, adapter: 'sim', server_url: base }));
    const agent = spawn(process.execPath, ['vortex-bridge.mjs', '--config', 'config.json'], {
      cwd: folder,
      env: { ...process.env, SIM_HISTORY_DAYS: '1' },
      stdio: 'ignore',
    });
    try {
      await waitUntil(
        async () => (await claimOf(info.device_id))?.status === 'active',
        'the installed agent never claimed itself',
        { timeoutMs: 30_000, intervalMs: 200 },
      );
      expect((await claimOf(info.device_id))?.primary_account_number).toBeGreaterThan(0);
    } finally {
      agent.kill('SIGTERM');
      await rm(path.dirname(folder), { recursive: true, force: true });
    }
  });

  it('the start scripts run the agent again after a crash and stop on a deliberate end', async () => {
    const trader = await makeUser(db.pool, { role: 'trader' });
    const info = await installerFor(trader);
    const zip = (await api.get(new URL(info.download_url).pathname)).rawPayload;
    const folder = await extract(zip);
    // A stand-in for node: each run records itself and exits with the next code of a list.
    const bin = path.join(path.dirname(folder), 'bin');
    await mkdir(bin);
    await writeFile(
      path.join(bin, 'node'),
      '#!/bin/sh\necho "$*" >> "$RUNS"\ncode=$(head -n 1 "$CODES")\nsed -i 1d "$CODES"\nexit "$code"\n',
    );
    await chmod(path.join(bin, 'node'), 0o755);
    const runScript = async (codes: number[]) => {
      const runs = path.join(path.dirname(folder), `runs-${codes.join('-')}`);
      const codesFile = `${runs}.codes`;
      await writeFile(codesFile, codes.map((c) => `${c}\n`).join(''));
      const script = spawn('sh', [path.join(folder, 'iniciar-bridge.sh')], {
        env: { PATH: `${bin}:${process.env.PATH}`, RUNS: runs, CODES: codesFile },
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      let out = '';
      script.stdout.on('data', (d: Buffer) => (out += d.toString()));
      const status = await new Promise<number | null>((resolve) => script.once('exit', resolve));
      const ran = (await readFile(runs, 'utf8')).trimEnd().split('\n');
      return { status, out, ran };
    };
    try {
      const crashed = await runScript([EXIT_CRASHED, EXIT_REFUSED]);
      expect(crashed.ran).toEqual([
        'vortex-bridge.mjs --config config.json',
        'vortex-bridge.mjs --config config.json',
      ]);
      expect(crashed.status).toBe(EXIT_REFUSED);
      expect(crashed.out).toContain(
        `A bridge parou inesperadamente (código ${EXIT_CRASHED}); reiniciando em 5 segundos...`,
      );
      expect(crashed.out).toContain('O servidor recusou ou revogou esta bridge');

      const old = await runScript([EXIT_PROTOCOL]);
      expect(old).toMatchObject({ status: EXIT_PROTOCOL, ran: [expect.any(String)] });
      expect(old.out).toContain('Esta versão da bridge não é mais aceita pelo servidor');

      const stopped = await runScript([EXIT_STOPPED]);
      expect(stopped).toMatchObject({ status: EXIT_STOPPED, ran: [expect.any(String)] });
      expect(stopped.out).toContain('Vórtex Bridge encerrada.');

      // The Windows script, which cannot run here, makes the same choices.
      const cmd = (await readFile(path.join(folder, 'iniciar-bridge.cmd'), 'utf8')).split('\r\n');
      for (const [code, label] of [
        [EXIT_STOPPED, 'parada'],
        [EXIT_REFUSED, 'recusada'],
        [EXIT_PROTOCOL, 'desatualizada'],
      ] as const) {
        expect(cmd).toContain(`if "%CODIGO%"=="${code}" goto ${label}`);
        expect(cmd).toContain(`:${label}`);
      }
      const restart = cmd.indexOf(':iniciar');
      expect(cmd.slice(restart)).toEqual(
        expect.arrayContaining(['ping -n 6 127.0.0.1 >nul', 'goto iniciar']),
      );
      expect(cmd.indexOf('ping -n 6 127.0.0.1 >nul')).toBeLessThan(cmd.indexOf('goto iniciar'));
      const notes = (await readFile(path.join(folder, 'LEIA-ME.txt'), 'utf8')).replace(/\s+/g, ' ');
      expect(notes).toContain('shell:startup');
      expect(notes).toContain('"Ao fazer logon"');
    } finally {
      await rm(path.dirname(folder), { recursive: true, force: true });
    }
  });
});

describe('installer links and limits', () => {
  it('answers a Host that is not ours with 421 before building anything', async () => {
    const trader = await makeUser(db.pool, { role: 'trader' });
    for (const host of ['evil.example', 'evil.example:5000', 'a;b']) {
      const res = await api.get('/api/bridge/installer/iot/zip', {
        headers: { ...bearer(trader.token), host },
      });
      expect(res.statusCode, host).toBe(421);
      expect(res.json()).toEqual({ success: false, error: apiErrorMessages.hostNotAllowed });
    }
    const { rows } = await db.pool.query('SELECT 1 FROM bridge_claims WHERE user_id = $1', [
      trader.id,
    ]);
    expect(rows).toEqual([]);
  });

  it('downloads once by the id in the body, the path form then refusing it', async () => {
    const trader = await makeUser(db.pool, { role: 'trader' });
    const info = await installerFor(trader);
    const post = (id: string) => api.post('/api/bridge/installer/download', { id });
    const first = await post(info.download_id);
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-disposition']).toBe('attachment; filename="VortexBridge.zip"');
    expect((await unzip(first.rawPayload)).has('VortexBridge/config.json')).toBe(true);
    expect((await post(info.download_id)).statusCode).toBe(404);
    expect((await api.get(new URL(info.download_url).pathname)).statusCode).toBe(404);
  });

  it(`gives a user ${INSTALLERS_PER_HOUR} installers an hour, counted across instances`, async () => {
    const other = await createTestApp(db);
    try {
      const trader = await makeUser(db.pool, { role: 'trader' });
      const neighbour = await makeUser(db.pool, { role: 'trader' });
      const generate = (app: TestApp, u: TestUser) =>
        app.app.inject({ url: '/api/bridge/installer/iot/zip', headers: bearer(u.token) });
      // Six at once, alternating between two instances on the same database.
      const answers = await Promise.all(
        Array.from({ length: INSTALLERS_PER_HOUR + 1 }, (_, i) =>
          generate(i % 2 === 0 ? t : other, trader),
        ),
      );
      const codes = answers.map((a) => a.statusCode).sort();
      expect(codes).toEqual([...Array<number>(INSTALLERS_PER_HOUR).fill(200), 429]);
      const refused = answers.find((a) => a.statusCode === 429);
      expect(refused?.json()).toEqual({
        success: false,
        error: mt5Messages.installerLimit(60),
      });
      expect(Number(refused?.headers['retry-after'])).toBeGreaterThan(3500);
      const claims = await db.pool.query('SELECT 1 FROM bridge_claims WHERE user_id = $1', [
        trader.id,
      ]);
      expect(claims.rowCount).toBe(INSTALLERS_PER_HOUR);
      // Another user's quota is their own.
      expect((await generate(other, neighbour)).statusCode).toBe(200);

      // An hour later the oldest one frees a slot, and the message counts down to it.
      await db.pool.query(
        `UPDATE rate_events SET created_at = created_at - interval '50 minutes'
         WHERE kind = 'installer_user' AND key = $1`,
        [String(trader.id)],
      );
      const later = await generate(t, trader);
      expect(later.json()).toEqual({ success: false, error: mt5Messages.installerLimit(10) });
      await db.pool.query(
        `UPDATE rate_events SET created_at = created_at - interval '10 minutes'
         WHERE kind = 'installer_user' AND key = $1`,
        [String(trader.id)],
      );
      expect((await generate(t, trader)).statusCode).toBe(200);
    } finally {
      await other.close();
    }
  });
});
