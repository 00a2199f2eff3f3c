import {
  apiErrorMessages,
  botControlMessages,
  DEFAULT_BOT_CONFIG,
  phoneConfirmationMessages,
  STRATEGY_KEYS,
  whatsappLinkMessages as msg,
} from '@vortex/core';
import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import pino from 'pino';
import { z } from 'zod';
import { pairTestAgent, type TestAgent } from '../../../test/agent-client.js';
import { eventually, nextCommand } from '../../../test/bot-scenario.js';
import { fakeSocketFactory } from '../../../test/fake-whatsapp-socket.js';
import {
  describe,
  expect,
  it,
  type TestApp,
  type TestDatabase,
  type TestUser,
} from '../../../test/fixture.js';
import { bearer, makeUser } from '../../../test/identities.js';
import { createTestApp } from '../../../test/test-app.js';
import { oneRow, rowsOf } from '../../db/rows.js';
import { handle } from './whatsapp-commands.js';
import { whatsappMessages, WhatsAppSendError } from './whatsapp-port.js';
import { WhatsAppService } from './whatsapp-service.js';

const LINKED_PHONE = '5511955554444';
let db: TestDatabase;
let dataDir: string;
let admin: TestUser;
const agents: TestAgent[] = [];
const open: TestApp[] = [];

/**
 * The app with a Baileys-backed WhatsApp whose socket is the fake: made by the tests, not the
 * fixture, as most tests need a WhatsApp session of their own.
 */
async function appWithWhatsApp() {
  const fake = fakeSocketFactory();
  const service = new WhatsAppService({
    dataDir,
    factory: fake.factory,
    log: pino({ level: 'silent' }),
    backoff: { baseMs: 5, maxMs: 20 },
  });
  const t = await createTestApp(db, { whatsapp: service });
  open.push(t);
  return { t, service, ...fake };
}

const get = (t: TestApp, url: string) =>
  t.app.inject({ url, headers: bearer(admin.token) }).then((r) => ({
    status: r.statusCode,
    body: r.json<Record<string, unknown> & { data: Record<string, unknown> }>(),
  }));

async function authFiles(): Promise<string[]> {
  const dir = path.join(dataDir, 'whatsapp');
  // Sealed files only: a write in flight is a .tmp renamed over its .enc when complete.
  return (await readdir(dir).catch(() => []))
    .filter((f) => f.endsWith('.enc'))
    .map((f) => path.join(dir, f));
}

it.beforeAll(async ({ db: givenDb, admin: givenAdmin }) => {
  [db, admin] = [givenDb, givenAdmin];
  dataDir = await mkdtemp(path.join(tmpdir(), 'vortex-whatsapp-'));
});
it.afterAll(async () => {
  for (const a of agents) a.close();
  for (const t of open) await t.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe('WhatsApp link', () => {
  it('is the admins’ alone (bearer or x-auth-token), and a trader or no one is refused', async () => {
    const { t, sockets } = await appWithWhatsApp();
    const trader = await makeUser(db.pool, { role: 'trader' });
    const routes = [
      ['GET', '/alerts/whatsapp/status'],
      ['GET', '/alerts/whatsapp/qr'],
      ['POST', '/alerts/whatsapp/disconnect'],
    ] as const;
    for (const [method, url] of routes) {
      expect((await t.app.inject({ method, url })).statusCode, url).toBe(401);
      const refused = await t.app.inject({ method, url, headers: bearer(trader.token) });
      expect(refused.statusCode, url).toBe(403);
    }
    const viaHeader = await t.app.inject({
      url: '/alerts/whatsapp/status',
      headers: { 'x-auth-token': admin.token },
    });
    expect(viaHeader.statusCode).toBe(200);
    // No one but an admin made it dial.
    expect(sockets).toHaveLength(0);
    await t.close();
  });

  it('dials nothing at start with no stored device, shows our QR, links, survives a restart and unlinks', async () => {
    const first = await appWithWhatsApp();
    expect(first.sockets).toHaveLength(0);
    expect(await readdir(dataDir)).toEqual([]);
    expect(await get(first.t, '/alerts/whatsapp/status')).toEqual({
      status: 200,
      body: {
        success: true,
        baileys_available: true,
        data: { connected: false, state: 'idle', phone: null },
      },
    });
    await expect(first.service.send(LINKED_PHONE, 'oi')).rejects.toThrow(
      new WhatsAppSendError(whatsappMessages.notConnected),
    );

    // Asking for the QR opens the socket; until WhatsApp sends one the tab waits.
    const waiting = await get(first.t, '/alerts/whatsapp/qr');
    expect(waiting.body.data).toEqual({ qr: null, connected: false, message: msg.waitingQr });
    expect(first.sockets).toHaveLength(1);
    const socket = first.socket(0);
    socket.emit('connection.update', { qr: '2@AbCdEf,GhIjKl,MnOpQr,1' });
    const shown = await get(first.t, '/alerts/whatsapp/qr');
    expect(shown.body.data.message).toBe(msg.scanQr);
    const qr = String(shown.body.data.qr);
    expect(qr).toMatch(/^data:image\/png;base64,/);
    const png = Buffer.from(qr.split(',')[1] ?? '', 'base64');
    // IHDR: width and height, big-endian, at bytes 16 and 20.
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([220, 220]);
    expect((await get(first.t, '/alerts/whatsapp/status')).body.data.state).toBe('waiting_qr');
    // A second QR request while one is shown opens no other socket.
    await get(first.t, '/alerts/whatsapp/qr');
    expect(first.sockets).toHaveLength(1);

    socket.link(LINKED_PHONE);
    expect((await get(first.t, '/alerts/whatsapp/status')).body.data).toEqual({
      connected: true,
      state: 'connected',
      phone: LINKED_PHONE,
    });
    expect((await get(first.t, '/alerts/whatsapp/qr')).body.data).toEqual({
      qr: null,
      connected: true,
      message: msg.connected,
    });

    // Sending through the port (the message queue's way) reaches the socket with the JID.
    await first.t.app.whatsapp.send('(11) 98888-7777', 'Teste Vórtex');
    expect(socket.sent).toEqual([{ jid: '5511988887777@s.whatsapp.net', text: 'Teste Vórtex' }]);
    socket.failSends = true;
    await expect(first.t.app.whatsapp.send('11988887777', 'x')).rejects.toThrow(msg.sendFailed);
    socket.failSends = false;
    await expect(first.t.app.whatsapp.send('123', 'x')).rejects.toThrow(msg.invalidPhone);

    // The auth state is sealed: no JSON, no phone number, not even in the file names.
    await eventually(async () => (await authFiles()).length > 0);
    const files = await authFiles();
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) {
      const bytes = await readFile(file);
      expect(path.basename(file)).not.toContain(LINKED_PHONE);
      expect(bytes.subarray(0, 4).toString()).toBe('VXW1');
      // Ciphertext is random bytes: a bare `{"` turns up in about one file in thirty; a JSON key does not.
      expect(bytes.toString('latin1')).not.toMatch(/noiseKey|"me"|5511955554444|\{"[A-Za-z_]+":/);
    }
    const key = await stat(path.join(dataDir, 'whatsapp-auth.key'));
    expect(key.mode & 0o777).toBe(0o600);
    const noiseKey = Buffer.from(socket.auth.creds.noiseKey.private);

    // A restart reconnects the stored device by itself, with the same credentials.
    await first.t.close();
    expect(socket.ended).toBe(true);
    expect(socket.loggedOut).toBe(false);
    const second = await appWithWhatsApp();
    expect(second.sockets).toHaveLength(1);
    const again = second.socket(0);
    expect(again.auth.creds.me?.id).toBe(`${LINKED_PHONE}:7@s.whatsapp.net`);
    expect(Buffer.from(again.auth.creds.noiseKey.private).equals(noiseKey)).toBe(true);
    again.emit('connection.update', { connection: 'open' });
    expect((await get(second.t, '/alerts/whatsapp/status')).body.data.connected).toBe(true);

    // A transient drop reconnects (with backoff) without a new QR.
    again.drop(428);
    await eventually(() => second.sockets.length === 2);
    expect(second.sockets).toHaveLength(2);
    second.socket(1).emit('connection.update', { connection: 'open' });
    expect((await get(second.t, '/alerts/whatsapp/status')).body.data.phone).toBe(LINKED_PHONE);

    // Disconnecting logs the device out and forgets it; the admin's act is audited.
    const res = await second.t.app.inject({
      method: 'POST',
      url: '/alerts/whatsapp/disconnect',
      headers: bearer(admin.token),
    });
    expect(res.json()).toEqual({ success: true, message: msg.disconnected });
    expect(second.socket(1).loggedOut).toBe(true);
    expect(second.socket(1).ended).toBe(true);
    expect(await authFiles()).toEqual([]);
    expect((await get(second.t, '/alerts/whatsapp/status')).body.data).toEqual({
      connected: false,
      state: 'idle',
      phone: null,
    });
    const rows = await rowsOf(
      db.pool,
      z.object({ meta: z.object({ was_connected: z.boolean() }) }),
      `SELECT meta FROM audit_log WHERE action = 'whatsapp_disconnect' AND actor_user_id = $1`,
      [admin.id],
    );
    expect(rows.map((r) => r.meta.was_connected)).toEqual([true]);
    await second.t.close();

    // With nothing stored, the next start dials nothing.
    const third = await appWithWhatsApp();
    expect(third.sockets).toHaveLength(0);
    await third.t.close();
  });

  it('forgets the device when the phone logs it out, and gives up a pairing left unscanned', async () => {
    const { t, sockets, socket } = await appWithWhatsApp();
    await get(t, '/alerts/whatsapp/qr');
    socket(0).link('5511977776666');
    await eventually(async () => (await authFiles()).length > 0);
    socket(0).drop(401);
    await eventually(async () => (await authFiles()).length === 0);
    expect(await authFiles()).toEqual([]);
    expect((await get(t, '/alerts/whatsapp/status')).body.data.state).toBe('idle');
    expect(sockets).toHaveLength(1);

    await get(t, '/alerts/whatsapp/qr');
    expect(sockets).toHaveLength(2);
    socket(1).emit('connection.update', { qr: 'qr-1' });
    // Baileys saves fresh credentials while pairing: they hold no account yet.
    socket(1).emit('creds.update', { registered: false });
    await eventually(async () => (await authFiles()).length > 0);
    socket(1).drop(408); // the QRs expired
    expect((await get(t, '/alerts/whatsapp/status')).body.data.state).toBe('idle');
    await eventually(async () => (await authFiles()).length === 0);
    expect(await authFiles()).toEqual([]);
    expect(sockets).toHaveLength(2);

    // A pairing still open at shutdown leaves credentials without an account: no dial at start.
    await get(t, '/alerts/whatsapp/qr');
    socket(2).emit('creds.update', { registered: false });
    await eventually(async () => (await authFiles()).length > 0);
    await t.close();
    expect((await authFiles()).length).toBeGreaterThan(0);
    const next = await appWithWhatsApp();
    expect(next.sockets).toHaveLength(0);
    await next.t.close();
  });
});

describe('commands by WhatsApp', () => {
  let base: string;
  /** Confirmation codes sent so far: each confirmation waits for one more. */
  let sentCodes = 0;
  let ctx: Awaited<ReturnType<typeof appWithWhatsApp>>;

  it.beforeAll(async () => {
    await rm(path.join(dataDir, 'whatsapp'), { recursive: true, force: true });
    ctx = await appWithWhatsApp();
    base = await ctx.t.app.listen({ port: 0, host: '127.0.0.1' });
    await get(ctx.t, '/alerts/whatsapp/qr');
    ctx.socket(0).link(LINKED_PHONE);
  });

  /**
   * Sets the user's phone and, unless told not to, confirms it as a user does: asks for a code,
   * reads it where WhatsApp delivered it, types it.
   */
  async function registerPhone(user: TestUser, phone: string, confirm = true) {
    await db.pool.query('UPDATE users SET phone = $1 WHERE id = $2', [phone, user.id]);
    if (!confirm) return;
    const asked = await ctx.t.app.inject({
      method: 'POST',
      url: '/api/phone/confirmation',
      headers: bearer(user.token),
      payload: {},
    });
    expect(asked.json()).toMatchObject({ channel: 'whatsapp' });
    const codes = () =>
      ctx
        .socket(0)
        .sent.flatMap((m) => /confirmar este telefone é (\d{6})/.exec(m.text)?.slice(1) ?? []);
    await eventually(() => codes().length > sentCodes);
    sentCodes += 1;
    const typed = await ctx.t.app.inject({
      method: 'POST',
      url: '/api/phone/confirmation/verify',
      headers: bearer(user.token),
      payload: { code: codes()[sentCodes - 1] },
    });
    expect(typed.json()).toMatchObject({ data: { confirmed: true } });
  }

  /** A trader with their phone registered (and confirmed), bridge paired, MT5 up and the bot started. */
  async function traderWithBot(phone: string, account: number, confirm = true) {
    const user = await makeUser(db.pool, { role: 'trader' });
    await registerPhone(user, phone, confirm);
    const agent = await pairTestAgent(ctx.t.app, base, user, account);
    agents.push(agent);
    agent.send({ type: 'heartbeat', seq: 1, mt5_alive: true, ts: Date.now() });
    const config = structuredClone(DEFAULT_BOT_CONFIG);
    for (const key of STRATEGY_KEYS) config[key].enabled = key === 'di_crossover';
    const post = (url: string, payload?: object) =>
      ctx.t.app.inject({
        method: 'POST',
        url,
        headers: bearer(user.token),
        ...(payload ? { payload } : {}),
      });
    expect((await post('/bot/config', config)).statusCode).toBe(200);
    await eventually(() => Boolean(ctx.t.app.bridgeRuntime.agents.of(user.id)?.mt5Alive));
    expect((await post('/api/bot/start')).json()).toMatchObject({
      message: botControlMessages.started,
    });
    expect((await nextCommand(agent)).command.kind).toBe('subscribe_bars');
    return user;
  }

  // The replies to commands, not the confirmation codes sent to the same number.
  const repliesTo = (phone: string) =>
    ctx
      .socket(0)
      .sent.filter((m) => m.jid === `${phone}@s.whatsapp.net`)
      .map((m) => m.text)
      .filter((text) => !text.includes('confirmar este telefone é'));

  it("answers 'status' and stops the bot on 'parar' from the trader's registered phone", async () => {
    // Registered without the country code nor the ninth digit; WhatsApp reports both.
    const user = await traderWithBot('(21) 8765-4321', 7_400_001);
    const sender = '5521987654321';
    ctx.socket(0).receive(sender, '  Status ');
    await eventually(() => repliesTo(sender).length === 1);
    expect(repliesTo(sender)[0]).toMatch(/^Vórtex: bot ativo\.\nHoje: 0 operações/);

    ctx.socket(0).receive(sender, 'PÁRAR');
    await eventually(() => repliesTo(sender).length === 2);
    expect(repliesTo(sender)[1]).toBe(botControlMessages.stopped);
    expect(ctx.t.app.botManager.isRunning(user.id)).toBe(false);
    expect((await ctx.t.app.botManager.status(user.id)).bot_active).toBe(false);

    ctx.socket(0).receive(sender, 'status');
    await eventually(() => repliesTo(sender).length === 3);
    expect(repliesTo(sender)[2]).toMatch(/^Vórtex: bot parado\./);

    ctx.socket(0).receive(sender, 'oi, tudo bem?');
    await eventually(() => repliesTo(sender).length === 4);
    expect(repliesTo(sender)[3]).toBe(msg.help);

    const rows = await rowsOf(
      db.pool,
      z.object({ action: z.string() }),
      `SELECT action FROM audit_log WHERE actor_user_id = $1 AND action LIKE 'whatsapp%' ORDER BY id`,
      [user.id],
    );
    expect(rows.map((r) => r.action)).toEqual([
      'whatsapp_status',
      'whatsapp_parar',
      'whatsapp_status',
    ]);
  });

  it('runs nothing for a phone its owner has not confirmed, and says how to confirm it', async () => {
    const user = await traderWithBot('(31) 98888-1111', 7_400_002, false);
    const sender = '5531988881111';
    ctx.socket(0).receive(sender, 'parar');
    await eventually(() => repliesTo(sender).length === 1);
    ctx.socket(0).receive(sender, 'status');
    await eventually(() => repliesTo(sender).length === 2);
    expect(repliesTo(sender)).toEqual([
      phoneConfirmationMessages.whatsappUnconfirmed,
      phoneConfirmationMessages.whatsappUnconfirmed,
    ]);
    expect(ctx.t.app.botManager.isRunning(user.id)).toBe(true);

    await registerPhone(user, '(31) 98888-1111');
    ctx.socket(0).receive(sender, 'parar');
    await eventually(() => repliesTo(sender).length === 3);
    expect(repliesTo(sender)[2]).toBe(botControlMessages.stopped);
    expect(ctx.t.app.botManager.isRunning(user.id)).toBe(false);
    const rows = await rowsOf(
      db.pool,
      z.object({ action: z.string() }),
      `SELECT action FROM audit_log WHERE actor_user_id = $1 AND action LIKE 'whatsapp%'`,
      [user.id],
    );
    expect(rows.map((r) => r.action)).toEqual(['whatsapp_parar']);
  });

  it('speaks only for the accounts that confirmed the number, and not after it changed', async () => {
    const owner = await traderWithBot('(41) 97777-2222', 7_400_003);
    // Someone else types the owner's number on their own account.
    const squatter = await makeUser(db.pool, { role: 'trader' });
    await registerPhone(squatter, '41 97777-2222', false);
    const deps = {
      pool: db.pool,
      whatsapp: ctx.t.app.whatsapp,
      bots: ctx.t.app.botManager,
      log: pino({ level: 'silent' }),
    };
    const sender = '5541977772222';
    await handle(deps, sender, 'status');
    expect(repliesTo(sender)).toHaveLength(1);
    // One answer, the owner's, without naming the other account.
    expect(repliesTo(sender)[0]).toMatch(/^Vórtex: bot ativo\./);

    // The owner moves to a new number: it is unconfirmed, and the old one speaks for no one.
    const edit = await ctx.t.app.inject({
      method: 'PUT',
      url: `/users/${owner.id}`,
      headers: bearer(owner.token),
      payload: { phone: '41 96666-3333' },
    });
    expect(edit.statusCode).toBe(200);
    await handle(deps, '5541966663333', 'parar');
    await handle(deps, sender, 'parar');
    expect(repliesTo('5541966663333')).toEqual([phoneConfirmationMessages.whatsappUnconfirmed]);
    expect(repliesTo(sender)[1]).toBe(phoneConfirmationMessages.whatsappUnconfirmed);
    expect(ctx.t.app.botManager.isRunning(owner.id)).toBe(true);
    const { n } = await oneRow(
      db.pool,
      z.object({ n: z.number() }),
      `SELECT count(*)::int AS n FROM audit_log
        WHERE actor_user_id = ANY($1::bigint[]) AND action LIKE 'whatsapp%'`,
      [[owner.id, squatter.id]],
    );
    expect(n).toBe(1);
  });

  it('never fails nor answers a stranger, whatever the text', async () => {
    const deps = {
      pool: db.pool,
      whatsapp: ctx.t.app.whatsapp,
      bots: ctx.t.app.botManager,
      log: pino({ level: 'silent' }),
    };
    const sent = ctx.socket(0).sent.length;
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(fc.string(), fc.constantFrom('5599', '+1 (555) 010-0000', '', '0'.repeat(40))),
        fc.oneof(fc.string(), fc.constantFrom('status', 'PARAR', ' Párar ', '')),
        async (phone, text) => {
          await handle(deps, phone, text);
        },
      ),
      { numRuns: 80 },
    );
    expect(ctx.socket(0).sent.length).toBe(sent);
  });

  it('lets a viewer read the state but not stop a bot, as over HTTP', async () => {
    const viewer = await makeUser(db.pool, { role: 'viewer' });
    const phone = '5541988776655';
    await registerPhone(viewer, `+${phone}`);
    const deps = {
      pool: db.pool,
      whatsapp: ctx.t.app.whatsapp,
      bots: ctx.t.app.botManager,
      log: pino({ level: 'silent' }),
    };
    await handle(deps, phone, 'status');
    await handle(deps, phone, 'parar');
    const replies = repliesTo(phone);
    expect(replies[0]).toMatch(/^Vórtex: bot parado\./);
    expect(replies[1]).toBe(apiErrorMessages.forbidden);
  });

  it('ignores a sender whose phone no user registered', async () => {
    const stranger = '5531912345678';
    const deps = {
      pool: db.pool,
      whatsapp: ctx.t.app.whatsapp,
      bots: ctx.t.app.botManager,
      log: pino({ level: 'silent' }),
    };
    const auditBefore = await db.pool.query('SELECT count(*)::int AS n FROM audit_log');
    await handle(deps, stranger, 'parar');
    await handle(deps, stranger, 'status');
    expect(repliesTo(stranger)).toEqual([]);
    const auditAfter = await db.pool.query('SELECT count(*)::int AS n FROM audit_log');
    expect(auditAfter.rows).toEqual(auditBefore.rows);
  });
});
