import {
  AlertsConfigSchema,
  BacktestRequestSchema,
  BACKUP_FILENAME_PATTERN,
  BackupConfigUpdateSchema,
  BackupRunBodySchema,
  BotConfigSchema,
  CleanupSchema,
  CreateBridgeTokenSchema,
  ForgotPasswordSchema,
  LoginRequestSchema,
  Mt5ConnectSchema,
  RegisterPayloadSchema,
  ResetPasswordSchema,
  RoleChangeSchema,
  SendManualSchema,
  TestBridgeSchema,
  TestChannelsSchema,
  UserUpdateSchema,
  ValidateResetTokenQuerySchema,
  WhatsAppDisconnectRequestSchema,
} from '@vortex/core';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it, type TestDatabase, type TestUser } from '../../test/fixture.js';
import type { z } from 'zod';
import { dbFingerprint } from '../../test/db-fingerprint.js';
import { bearer } from '../../test/identities.js';

/**
 * Every input of the accounts endpoints fed malformed values (wrong types, oversized strings,
 * unknown and prototype-polluting fields): always a 4xx with a pt-BR message, never a 5xx,
 * and not one row written or changed anywhere. Every route and every agent message type are
 * fuzzed by input-fuzz-routes and input-fuzz-agent beside this file.
 */
let db: TestDatabase;
let app: FastifyInstance;
let admin: TestUser;
let ipSeq = 0;
const ip = () => `10.9.${Math.floor(++ipSeq / 250) % 250}.${(ipSeq % 250) + 1}`;

// Attempt counters record attempts whatever their answer (registrations per address, login
// failures); every other table of the database is fingerprinted, later ones included.
const COUNTERS = ['rate_events', 'login_failures'];
const fingerprint = () => dbFingerprint(db.pool, COUNTERS);

const huge = fc.string({ minLength: 5_000, maxLength: 20_000 });
const scalar = fc.oneof(
  fc.string(),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  huge,
);

/** Values of every shape, mostly objects whose keys are the schema's own, with wrong values. */
function malformed(schema: z.ZodType, keys: string[]): fc.Arbitrary<string> {
  const valueOf = fc.oneof(
    scalar,
    fc.array(scalar, { maxLength: 3 }),
    fc.dictionary(fc.string(), scalar, { maxKeys: 3 }),
  );
  const nearShape = fc.record(Object.fromEntries(keys.map((k) => [k, valueOf])), {
    requiredKeys: [],
  });
  const withExtra = fc
    .tuple(nearShape, fc.string({ minLength: 1 }), scalar)
    .map(([o, k, v]) => ({ ...o, [`x_${k}`]: v }));
  // Judged after serialisation: JSON drops undefined values, so {a: undefined} arrives as {}.
  const rejected = (text: string) => {
    try {
      return !schema.safeParse(JSON.parse(text)).success;
    } catch {
      return true;
    }
  };
  const json = fc
    .oneof(fc.anything(), fc.jsonValue(), nearShape, withExtra)
    .map((v) => (JSON.stringify(v) as string | undefined) ?? 'undefined')
    .filter(rejected);
  const raw = fc
    .constantFrom(
      '{"__proto__":{"role":"admin"}}',
      '{"constructor":{"prototype":{"role":"admin"}}}',
      '{"email": "a@b.com", "password": ',
      '',
      'null',
      '[]',
    )
    .filter(rejected);
  return fc.oneof({ weight: 9, arbitrary: json }, { weight: 1, arbitrary: raw });
}

function expectClientError(res: { statusCode: number; body: string }, label: string) {
  expect(
    res.statusCode,
    `${label} → ${res.statusCode} ${res.body.slice(0, 200)}`,
  ).toBeGreaterThanOrEqual(400);
  expect(res.statusCode, label).toBeLessThan(500);
  const body = JSON.parse(res.body) as { success: boolean; error: string };
  expect(body.success).toBe(false);
  // Our messages and zod's pt-BR locale; never an English default leaking through.
  expect(body.error).toMatch(/[a-zà-ú]/i);
  expect(body.error).not.toMatch(/\b(Invalid input|Expected|Required|Unrecognized|must be)\b/);
}

it.beforeAll(({ db: givenDb, app: givenApp, admin: givenAdmin }) => {
  [db, app, admin] = [givenDb, givenApp, givenAdmin];
});

const NO_USER = 987_654;
const bodies: [string, 'POST' | 'PUT', string, z.ZodType, string[]][] = [
  ['login', 'POST', '/auth/login', LoginRequestSchema, ['email', 'password']],
  [
    'register',
    'POST',
    '/auth/register',
    RegisterPayloadSchema,
    [
      'full_name',
      'email',
      'phone',
      'date_of_birth',
      'password',
      'account_type',
      'uses_mt5',
      'broker',
    ],
  ],
  ['forgot', 'POST', '/auth/forgot-password', ForgotPasswordSchema, ['email']],
  ['reset', 'POST', '/api/auth/reset-password', ResetPasswordSchema, ['token', 'password']],
  [
    'edit',
    'PUT',
    `/users/${NO_USER}`,
    UserUpdateSchema,
    ['full_name', 'date_of_birth', 'email', 'phone', 'username', 'role', 'status', 'account_type'],
  ],
  ['role', 'POST', `/users/${NO_USER}/role`, RoleChangeSchema, ['role']],
  ['bridge token', 'POST', '/bridge/token/create', CreateBridgeTokenSchema.nullish(), ['label']],
  ['bridge cleanup', 'POST', '/bridge/admin/cleanup', CleanupSchema, ['user_id']],
  [
    'mt5 connect',
    'POST',
    '/api/mt5/connect',
    Mt5ConnectSchema,
    ['login', 'password', 'server', 'bridge_url'],
  ],
  ['mt5 test-bridge', 'POST', '/api/mt5/test-bridge', TestBridgeSchema, ['bridge_url']],
  [
    'bot config',
    'POST',
    '/bot/config',
    BotConfigSchema,
    [
      'general',
      'fibonacci',
      'di_crossover',
      'advanced_di',
      'tema_crossover',
      'atr_channel',
      'rsi_contrary',
      'bollinger_bands',
    ],
  ],
  [
    'send manual',
    'POST',
    '/communication/send-manual',
    SendManualSchema,
    ['type', 'recipients', 'subject', 'message'],
  ],
  ['test channels', 'POST', '/communication/test-channels', TestChannelsSchema, ['email', 'phone']],
  [
    'backtest',
    'POST',
    '/api/bot/backtest',
    BacktestRequestSchema,
    ['config', 'source', 'start_date', 'end_date', 'csv'],
  ],
  [
    'alerts config',
    'POST',
    '/api/alerts/config',
    AlertsConfigSchema,
    [
      'phone',
      'whatsapp',
      'email',
      'channels',
      'alertTypes',
      'soundEnabled',
      'statisticsFrequency',
      'promotionsFrequency',
    ],
  ],
  [
    'backup config',
    'PUT',
    '/api/backup/config',
    BackupConfigUpdateSchema,
    Object.keys(BackupConfigUpdateSchema.shape),
  ],
  ['backup run', 'POST', '/api/backup/run', BackupRunBodySchema, ['full', 'filename']],
  [
    'whatsapp disconnect',
    'POST',
    '/alerts/whatsapp/disconnect',
    WhatsAppDisconnectRequestSchema,
    [],
  ],
];

describe('malformed input on the accounts endpoints', () => {
  it.each(bodies)('%s: bodies', async (label, method, url, schema, keys) => {
    const before = await fingerprint();
    await fc.assert(
      fc.asyncProperty(malformed(schema, keys), async (payload) => {
        const res = await app.inject({
          method,
          url,
          remoteAddress: ip(),
          headers: { ...bearer(admin.token), 'content-type': 'application/json' },
          payload,
        });
        expectClientError(res, `${label} ${payload.slice(0, 80)}`);
      }),
      { numRuns: 120 },
    );
    expect(await fingerprint()).toEqual(before);
  });

  it('whatsapp status and qr: any query string is ignored, never a 5xx', async () => {
    const before = await fingerprint();
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('/alerts/whatsapp/status', '/alerts/whatsapp/qr'),
        fc.dictionary(fc.string(), fc.oneof(fc.string(), huge), { maxKeys: 3 }),
        async (url, query) => {
          const res = await app.inject({ url, query, headers: bearer(admin.token) });
          expect(res.statusCode, `${url} ${JSON.stringify(query).slice(0, 80)}`).toBe(200);
        },
      ),
      { numRuns: 60 },
    );
    expect(await fingerprint()).toEqual(before);
  });

  it('validate-reset-token: queries', async () => {
    const before = await fingerprint();
    await fc.assert(
      fc.asyncProperty(fc.oneof(fc.string(), huge, fc.constant('')), async (token) => {
        fc.pre(!ValidateResetTokenQuerySchema.safeParse({ token }).success);
        const res = await app.inject({ url: '/api/auth/validate-reset-token', query: { token } });
        expectClientError(res, `token ${token.slice(0, 40)}`);
      }),
      { numRuns: 100 },
    );
    expect((await app.inject({ url: '/api/auth/validate-reset-token' })).statusCode).toBe(400);
    expect(await fingerprint()).toEqual(before);
  });

  it('user routes: path parameters', async () => {
    const badId = fc.oneof(
      fc.string({ minLength: 1 }).filter((s) => !/^\s*\d+\s*$/.test(s)),
      fc.constantFrom('-1', '0', '1.5', '1e309', '99999999999999999999', 'NaN', '%00', '..%2F..'),
    );
    const routes: ['PUT' | 'POST' | 'DELETE', (id: string) => string, object | undefined][] = [
      ['PUT', (id) => `/users/${id}`, { full_name: 'x' }],
      ['POST', (id) => `/users/${id}/role`, { role: 'admin' }],
      ['DELETE', (id) => `/users/${id}`, undefined],
      ['PUT', (id) => `/users/${id}/approve`, undefined],
      ['PUT', (id) => `/users/${id}/reject`, undefined],
      ['POST', (id) => `/users/${id}/test`, undefined],
      ['POST', (id) => `/users/${id}/test/email`, undefined],
    ];
    const before = await fingerprint();
    await fc.assert(
      fc.asyncProperty(badId, fc.constantFrom(...routes), async (id, [method, url, payload]) => {
        const res = await app.inject({
          method,
          url: url(encodeURIComponent(id)),
          headers: bearer(admin.token),
          ...(payload ? { payload } : {}),
        });
        expectClientError(res, `${method} ${url(id)}`);
      }),
      { numRuns: 150 },
    );
    const bridgeAdmin: ['GET' | 'POST', string][] = [
      ['POST', '/api/bridge/claim/nao-e-uuid/revoke'],
      ['POST', '/api/bridge/claim/123/reset'],
      ['POST', '/api/bridge/admin/revoke/abc'],
      ['POST', '/api/bridge/admin/revoke/-5'],
      ['POST', '/api/bridge/admin/token/revoke/xyz'],
      ['GET', '/api/bridge/admin/claims?status=todos'],
      ['GET', '/api/bridge/admin/tokens?status=1'],
      ['GET', '/bridge/admin/sessions?user_id=dez'],
      ['GET', '/api/bridge/installer/download/nao-e-uuid'],
      ['GET', `/api/bridge/installer/download/${crypto.randomUUID()}`],
      ['GET', '/bridge/events?ticket=curto'],
      ['GET', `/bridge/events?ticket=${'a'.repeat(43)}`],
      ['GET', '/bridge/events'],
    ];
    for (const [method, url] of bridgeAdmin) {
      expectClientError(await app.inject({ method, url, headers: bearer(admin.token) }), url);
    }
    // Backup downloads: any name the server did not give its files, traversal above all, is a 400.
    const badName = fc.oneof(
      fc.string({ minLength: 1 }),
      fc.constantFrom('../../etc/passwd', '..\\..\\boot.ini', '/etc/passwd', '%2e%2e%2f', '.'),
      fc
        .tuple(
          fc.constantFrom('../', '/', './', '..%2f', '\\'),
          fc.constant('vortex-backup-20260101-020000-abcd.sql.gz'),
        )
        .map(([a, b]) => a + b),
    );
    await fc.assert(
      fc.asyncProperty(badName, async (name) => {
        fc.pre(!BACKUP_FILENAME_PATTERN.test(name));
        const url = `/api/backup/download/${encodeURIComponent(name)}`;
        const res = await app.inject({ url, headers: bearer(admin.token) });
        expect(res.statusCode, url).toBe(400);
        expectClientError(res, url);
      }),
      { numRuns: 150 },
    );
    for (const url of ['/bridge/token/status/', '/api/bridge/token/status/']) {
      const res = await app.inject({
        url: `${url}${encodeURIComponent('../../etc/passwd')}`,
        headers: bearer(admin.token),
      });
      expectClientError(res, url);
    }
    const channel = await app.inject({
      method: 'POST',
      url: `/users/${admin.id}/test/telegram`,
      headers: bearer(admin.token),
    });
    expectClientError(channel, 'unknown channel');
    expect(await fingerprint()).toEqual(before);
  });
});
