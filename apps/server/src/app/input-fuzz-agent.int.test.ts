import { AgentMessageSchema, type ServerMessage } from '@vortex/core';
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { vi } from 'vitest';
import { describe, expect, it, type TestDatabase, type TestUser } from '../../test/fixture.js';
import WebSocket from 'ws';
import { z } from 'zod';
import { testDeal } from '../../test/agent-client.js';
import { changedTables, dbFingerprint } from '../../test/db-fingerprint.js';
import { controlChar, keyControlChar, poisonedText, poisonJson } from '../../test/fuzz-values.js';
import { oneRow } from '../db/rows.js';

/**
 * Every agent message type over a real, authenticated agent socket, each with one value
 * poisoned (control characters, huge and non-finite numbers, impossible times, oversized
 * strings): the connection survives every one, a refusal is answered and writes nothing but the
 * refusal log, and the stream still stores a good deal afterwards. 80 runs per type, 720
 * messages in about 3 s on 2 cores; raise numRuns locally to search harder.
 */
let db: TestDatabase;
let base: string;
let trader: TestUser;

// The refusal log records refusals by design; attempt counters move whatever the answer.
const SKIP = ['agent_rejections', 'rate_events', 'login_failures'];
const ACCOUNT = 5_400_001;
const SENTINEL_ERROR = 'Mensagem inválida: JSON inválido.';

/** An agent socket that sends raw text (1e400 is valid JSON, JSON.stringify cannot write it). */
class RawAgent {
  private readonly inbox: ServerMessage[] = [];
  private wake: (() => void) | undefined;
  closed: { code: number; reason: string } | undefined;

  constructor(private readonly ws: WebSocket) {
    ws.on('message', (data: Buffer) => {
      this.inbox.push(JSON.parse(data.toString('utf8')) as ServerMessage);
      this.wake?.();
    });
    ws.on('close', (code, reason) => {
      this.closed = { code, reason: reason.toString('utf8') };
      this.wake?.();
    });
  }

  static async open(url: string): Promise<RawAgent> {
    const ws = new WebSocket(`${url.replace(/^http/, 'ws')}/bridge/agent`);
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });
    return new RawAgent(ws);
  }

  async next(): Promise<ServerMessage> {
    for (;;) {
      const m = this.inbox.shift();
      if (m) return m;
      if (this.closed) throw new Error(`closed ${this.closed.code} ${this.closed.reason}`);
      await new Promise<void>((resolve) => (this.wake = resolve));
    }
  }

  /**
   * Sends `text`, then a line that is no JSON: messages are handled in order, so every answer
   * to `text` comes before the error for that line, and no answer at all means none was sent.
   */
  async exchange(text: string): Promise<ServerMessage[]> {
    this.ws.send(text);
    this.ws.send('x');
    const answers: ServerMessage[] = [];
    for (;;) {
      const m = await this.next();
      if (m.type === 'error' && m.error === SENTINEL_ERROR && m.ref === undefined) return answers;
      answers.push(m);
    }
  }

  close(): void {
    this.ws.close();
  }
}

let agent: RawAgent;

it.beforeAll(async ({ db: givenDb, base: givenBase, api, trader: givenTrader }) => {
  [db, base, trader] = [givenDb, givenBase, givenTrader];
  const created = await api.as(trader).post('/bridge/token/create', { label: 'fuzz' });
  agent = await RawAgent.open(base);
  const token = created.json<{ token: string }>().token;
  const [ok] = await agent.exchange(
    JSON.stringify({ type: 'auth', protocol: 1, client_version: '0.1.0', pairing_token: token }),
  );
  expect(ok?.type).toBe('auth_ok');
  const [resume] = await agent.exchange(JSON.stringify(messages().hello));
  expect(resume?.type).toBe('resume');
});
it.afterAll(() => {
  agent.close();
});

/** One valid message of every type the agent may send. */
function messages() {
  const ms = 1_763_730_000_000;
  const s = ms / 1000;
  return {
    auth: { type: 'auth', protocol: 1, client_version: '0.1.0', session_token: 'a'.repeat(43) },
    hello: {
      type: 'hello',
      account_number: ACCOUNT,
      server: 'Vortex-Demo',
      company: 'Vórtex',
      currency: 'BRL',
      margin_mode: 'netting',
      trade_mode: 'demo',
      client_version: '0.1.0',
      terminal_build: 4000,
      symbol_digits: [{ symbol: 'WINZ25', digits: 0 }],
    },
    heartbeat: { type: 'heartbeat', seq: 1, mt5_alive: true, ts: ms },
    account: {
      type: 'account',
      ts: ms,
      account: {
        balance: 10_000,
        equity: 10_010,
        margin: 100,
        free_margin: 9_910,
        margin_level: 10_010,
        profit: 10,
        currency: 'BRL',
      },
    },
    positions: {
      type: 'positions',
      ts: ms,
      positions: [
        {
          ticket: 11,
          symbol: 'WINZ25',
          type: 0,
          volume: 1,
          price_open: 125_000,
          sl: 124_800,
          tp: 125_400,
          price_current: 125_050,
          profit: 10,
          swap: 0,
          magic: 135_000,
          time: s,
          time_msc: ms,
          comment: 'fibo',
        },
      ],
    },
    orders: {
      type: 'orders',
      ts: ms,
      orders: [
        {
          order: 12,
          symbol: 'WINZ25',
          type: 2,
          volume_initial: 1,
          price_open: 124_500,
          sl: 124_300,
          tp: 124_900,
          magic: 135_000,
          time_setup: s,
          comment: '',
        },
      ],
    },
    deals: { type: 'deals', batch_id: 'fuzz-base', deals: [testDeal(901)] },
    history_orders: {
      type: 'history_orders',
      batch_id: 'fuzz-orders',
      orders: [
        {
          ticket: 13,
          symbol: 'WINZ25',
          type: 0,
          state: 4,
          volume_initial: 1,
          volume_current: 0,
          price_open: 0,
          sl: 124_800,
          tp: 125_400,
          price_current: 125_000,
          time_setup_msc: ms,
          time_done_msc: ms + 5,
          magic: 135_000,
          comment: 'fibo',
          position_id: 13,
          reason: 3,
        },
      ],
    },
    bars: {
      type: 'bars',
      symbol: 'WINZ25',
      timeframe: 'M1',
      bars: [
        {
          time: s,
          open: 125_000,
          high: 125_050,
          low: 124_950,
          close: 125_010,
          tick_volume: 30,
          volume: 12,
        },
      ],
    },
    command_result: {
      type: 'command_result',
      command_id: randomUUID(),
      ok: true,
      retcode: 10_009,
      message: 'feito',
      data: { ticket: 1 },
    },
  } as const;
}

/** Every value's path in `v`, objects and arrays included (they are poisoned whole). */
function valuePaths(v: unknown, path: string[] = []): string[][] {
  if (typeof v !== 'object' || v === null) return [path];
  const inner = Object.entries(v).flatMap(([k, child]) => valuePaths(child, [...path, k]));
  return path.length > 0 ? [path, ...inner] : inner;
}

const MARK = '\u0001poison\u0001';
function withPoison(message: object, path: string[], poison: string): string {
  const copy = structuredClone(message) as Record<string, unknown>;
  let node: Record<string, unknown> = copy;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string, unknown>;
  node[path.at(-1) ?? ''] = MARK;
  return JSON.stringify(copy).replace(JSON.stringify(MARK), () => poison);
}

/** A key with a control character beside the message's own (the schemas are strict). */
const withBadKey = (message: object, key: string) =>
  `{${JSON.stringify(key)}:1,${JSON.stringify(message).slice(1)}`;

/**
 * Until what earlier accepted messages left to be written has been written: the heartbeat and
 * account figures wait up to 50 ms for the batch of every agent's (heartbeat-batch.ts), and the
 * server writes them before it acks a deal batch, so the ack of an already stored deal is the
 * barrier. Then the positions follower, which builds after an accepted batch in the background.
 * Neither write may be taken for what a later refused message wrote.
 */
async function settled(): Promise<void> {
  const [ack] = await agent.exchange(
    JSON.stringify({ type: 'deals', batch_id: 'fuzz-barrier', deals: [testDeal(8_999)] }),
  );
  expect(ack?.type).toBe('deals_ack');
  await positionsFollowed();
}

/**
 * Until the positions follower has built every account's stored deals (its watermark at the
 * account's deals version): it writes after an accepted batch, in the background, so what it
 * writes must not be taken for what a later refused message wrote.
 */
async function positionsFollowed(): Promise<void> {
  await vi.waitFor(
    async () => {
      const { behind } = await oneRow(
        db.pool,
        z.object({ behind: z.number() }),
        `SELECT count(*)::int AS behind FROM mt5_accounts a
         LEFT JOIN positions_watermarks w ON w.account_id = a.id
         WHERE (deals_version(a.id) ->> 'count')::bigint > 0
           AND w.deals_count IS DISTINCT FROM (deals_version(a.id) ->> 'count')::bigint`,
      );
      expect(behind).toBe(0);
    },
    { timeout: 15_000, interval: 50 },
  );
}

/** Whether the server refused the message, going by what it answered. */
function refused(answers: ServerMessage[]): boolean {
  return answers.some(
    (m) =>
      m.type === 'error' ||
      m.type === 'deals_rejected' ||
      m.type === 'history_orders_rejected' ||
      (m.type === 'deals_ack' && m.stored === 0),
  );
}

describe('fuzz over every agent message type', () => {
  it('has a valid base for each type the protocol defines', () => {
    const types = AgentMessageSchema.options.map((o) => o.shape.type.value).sort();
    expect(Object.keys(messages()).sort()).toEqual(types);
    for (const m of Object.values(messages()))
      expect(AgentMessageSchema.safeParse(m).success).toBe(true);
  });

  it.each(Object.keys(messages()))(
    '%s: one poisoned value never closes the stream, and a refusal writes nothing',
    async (type) => {
      const message = messages()[type as keyof ReturnType<typeof messages>];
      const poison = fc.oneof(
        poisonJson,
        poisonedText.map((s) => JSON.stringify(s)),
        controlChar.map((c) => JSON.stringify(`${type}${c}`)),
      );
      const input = fc.oneof(
        { weight: 9, arbitrary: fc.tuple(fc.constantFrom(...valuePaths(message)), poison) },
        {
          weight: 1,
          arbitrary: fc.tuple(
            fc.constant(null),
            keyControlChar.map((c) => `type${c}`),
          ),
        },
      );
      await fc.assert(
        fc.asyncProperty(input, async ([path, value]) => {
          await settled();
          const before = await dbFingerprint(db.pool, SKIP);
          const text = path ? withPoison(message, path, value) : withBadKey(message, value);
          // Valid JSON, or the exchange could not tell its answers from the sentinel's.
          JSON.parse(text);
          const answers = await agent.exchange(text);
          expect(agent.closed, text.slice(0, 120)).toBeUndefined();
          if (!refused(answers)) return;
          const changed = changedTables(before, await dbFingerprint(db.pool, SKIP));
          expect(
            changed,
            `${text.slice(0, 120)} → ${JSON.stringify(answers).slice(0, 200)}`,
          ).toEqual([]);
        }),
        { numRuns: 80 },
      );
    },
  );

  it('the stream still stores a good deal afterwards', async () => {
    const answers = await agent.exchange(
      JSON.stringify({ type: 'deals', batch_id: 'fuzz-after', deals: [testDeal(9_001)] }),
    );
    expect(answers).toContainEqual(expect.objectContaining({ type: 'deals_ack', stored: 1 }));
  });
});
