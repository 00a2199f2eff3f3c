import { DEFAULT_BACKUP_SETTINGS, DEFAULT_BOT_CONFIG, defaultAlertsConfig } from '@vortex/core';
import type { FastifyInstance } from 'fastify';

/**
 * The routes a test walks, read from the app's route table and its OpenAPI document, so a route
 * added later is walked too; and bodies each takes as they are, to spoil one value at a time.
 */
export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** A JSON schema as the OpenAPI document spells it, as deep as the walks read it. */
export interface JsonSchema {
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  additionalProperties?: JsonSchema | boolean;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
}
interface Operation {
  parameters?: { in: string; name: string }[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}

export interface RouteTarget {
  method: Method;
  url: string;
  /** Path parameters by name; a wildcard is '*'. */
  params: string[];
  query: string[];
  /** The body's top-level fields. */
  body: string[];
  schema?: JsonSchema | undefined;
}

export function routeTargets(app: FastifyInstance): RouteTarget[] {
  const doc = app.swagger() as unknown as { paths: Record<string, Record<string, Operation>> };
  return app.routeTable
    .filter((r) => r.method !== 'HEAD' && r.method !== 'OPTIONS')
    .map((r) => {
      const op = doc.paths[r.url.replace(/:(\w+)/g, '{$1}')]?.[r.method.toLowerCase()];
      const schema = op?.requestBody?.content?.['application/json']?.schema;
      return {
        method: r.method as Method,
        url: r.url,
        params: [...r.url.matchAll(/:(\w+)|\*/g)].map((m) => m[1] ?? '*'),
        query: (op?.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name),
        body: Object.keys(schema?.properties ?? {}),
        schema,
      };
    });
}

/** A route called with a body of its own, outside the route table's walk. */
export const bodyTarget = (method: Method, url: string): RouteTarget => ({
  method,
  url,
  params: [],
  query: [],
  body: [],
});

/** Bodies each route takes as they are (a login's may still be refused: a wrong password). */
export function validBodies(who: {
  adminEmail: string;
  victimId: number;
}): [Method, string, unknown][] {
  const ms = Date.now();
  return [
    [
      'POST',
      '/auth/register',
      {
        full_name: 'Ana Souza',
        email: `ana.walk.${ms}.${Math.random().toString(36).slice(2, 8)}@teste.vortex.local`,
        phone: '+55 11 91234-5678',
        date_of_birth: '1990-05-10',
        password: 'Senha@2026',
        account_type: 'demo',
        uses_mt5: true,
        broker: 'XP',
      },
    ],
    ['POST', '/auth/login', { email: who.adminEmail, password: 'Errada@2026' }],
    [
      'PUT',
      `/users/${who.victimId}`,
      { full_name: 'Vítima', date_of_birth: '1980-01-31', phone: '+55 11 90000-0000' },
    ],
    ['POST', '/bot/config', DEFAULT_BOT_CONFIG],
    [
      'POST',
      '/api/bot/backtest',
      {
        config: DEFAULT_BOT_CONFIG,
        source: 'simulator',
        start_date: '2025-03-05',
        end_date: '2025-03-05',
        seed: 7,
      },
    ],
    ['POST', '/api/alerts/config', defaultAlertsConfig()],
    ['PUT', '/api/backup/config', DEFAULT_BACKUP_SETTINGS],
    [
      'POST',
      '/api/client-log',
      { level: 'error', message: 'falha', stack: 'Error\n  at x', ts: ms, url: '/painel' },
    ],
    ['POST', '/api/reports/mt5/html', { date_range: '7d', report_type: 'summary' }],
    ['POST', '/bridge/admin/cleanup', { user_id: who.victimId }],
    ['POST', '/api/bot/entries', { paused: true }],
    ['POST', '/bridge/token/create', { label: 'casa' }],
    ['PUT', '/api/taxes/settings', { cost_per_contract_side: 0.5, darf_reminder: true }],
    // The admin has no DARF due: a 409 once valid, and what the poison changes is refused first.
    ['PUT', '/api/taxes/darf/2026-01', { paid: true }],
  ];
}

/** Every path to a value inside `v`, objects and arrays included, each at its own depth. */
export function leafPaths(v: unknown, path: string[] = []): string[][] {
  if (typeof v !== 'object' || v === null) return [path];
  const inner = Object.entries(v).flatMap(([k, child]) => leafPaths(child, [...path, k]));
  return path.length > 0 ? [path, ...inner] : inner;
}

const MARK = '\u0001spoiled\u0001';
/** `base` as JSON text with the value at `path` replaced by the raw JSON text `json`. */
export function withValueAt(base: unknown, path: string[], json: string): string {
  const copy = structuredClone(base) as Record<string, unknown>;
  let node: Record<string, unknown> = copy;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string, unknown>;
  node[path.at(-1) ?? ''] = MARK;
  return JSON.stringify(copy).replace(JSON.stringify(MARK), () => json);
}
