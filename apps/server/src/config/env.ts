import path from 'node:path';
import { z } from 'zod';
import { hostOfListenAddress, LOOPBACK_NAMES, splitHost } from './allowed-hosts.js';

const portNumber = z.string().transform((v, ctx) => {
  const n = Number(v);
  if (!/^\d+$/.test(v) || n < 1 || n > 65535) {
    ctx.addIssue({
      code: 'custom',
      message: `deve ser uma porta entre 1 e 65535 (recebido "${v}")`,
    });
    return z.NEVER;
  }
  return n;
});
const port = (fallback: number) => z.string().default(String(fallback)).pipe(portNumber);

const optionalUrl = (protocols: string[]) =>
  z
    .string()
    .optional()
    .refine(
      (v) => v === undefined || (protocols.some((p) => v.startsWith(`${p}://`)) && URL.canParse(v)),
      { message: `deve ser uma URL ${protocols.join(' ou ')}://...` },
    );

// Its host ends up in the installer, the runtime config and a CSP: a plain name, nothing else.
const publicUrl = optionalUrl(['http', 'https']).refine(
  (v) => v === undefined || !URL.canParse(v) || splitHost(new URL(v).host) !== undefined,
  { message: 'deve ter um nome de host simples (letras, dígitos, "." e "-") ou um IP' },
);

const hostList = z
  .string()
  .optional()
  .superRefine((v, ctx) => {
    const bad = (v ?? '')
      .split(',')
      .map((h) => h.trim())
      .filter((h) => h !== '' && splitHost(h) === undefined);
    if (bad.length > 0)
      ctx.addIssue({
        code: 'custom',
        message: `deve ser uma lista de host[:porta] separados por vírgula (inválido: ${bad.join(', ')})`,
      });
  });

const EnvSchema = z
  .object({
    PORT: port(5000),
    WEB_PORT: port(3000),
    HOST: z.string().min(1).default('localhost'),
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: optionalUrl(['postgres', 'postgresql']),
    REDIS_URL: optionalUrl(['redis', 'rediss']),
    REDIS_PREFIX: z
      .string()
      .regex(/^[\w.:-]{1,64}$/, { message: 'deve ter de 1 a 64 letras, dígitos, ".", ":" ou "-"' })
      .default('vortex:'),
    ADMIN_EMAIL: z.email({ message: 'deve ser um email válido' }).optional(),
    ADMIN_PASSWORD: z.string().min(8, { message: 'deve ter no mínimo 8 caracteres' }).optional(),
    DEMO: z.enum(['0', '1'], { message: 'deve ser 0 ou 1' }).default('0'),
    LOG_LEVEL: z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
        message: 'deve ser fatal, error, warn, info, debug, trace ou silent',
      })
      .default('info'),
    WEB_ORIGINS: z.string().optional(),
    PUBLIC_API_URL: publicUrl,
    APP_URL: publicUrl,
    ALLOWED_HOSTS: hostList,
    SMTP_URL: optionalUrl(['smtp', 'smtps']),
    MAIL_FROM: z.string().min(3).default('Vórtex <nao-responda@vortex.local>'),
    SMS_URL: optionalUrl(['http', 'https']),
    SMS_USER: z.string().optional(),
    SMS_PASSWORD: z.string().optional(),
    SMS_TOKEN: z.string().optional(),
    SMS_BODY_TEMPLATE: z
      .string()
      .refine((v) => v.includes('{to}') && v.includes('{text}'), {
        message: 'deve conter {to} e {text}',
      })
      .optional(),
    DEMO_EMAIL: z.email({ message: 'deve ser um email válido' }).optional(),
    DEMO_PASSWORD: z.string().min(8, { message: 'deve ter no mínimo 8 caracteres' }).optional(),
    SIM_SPEED: z
      .string()
      .regex(/^\d+(\.\d+)?$/, { message: 'deve ser um número positivo' })
      .optional(),
    SIM_HISTORY_DAYS: z
      .string()
      .regex(/^[1-9]\d{0,3}$/, { message: 'deve ser um número de dias entre 1 e 9999' })
      .optional(),
    // The demo's kind of account; the agent checks the days of SIM_BALANCE_OPS against its history.
    SIM_MARGIN_MODE: z
      .enum(['netting', 'hedging'], { message: 'deve ser netting ou hedging' })
      .optional(),
    SIM_CURRENCY: z
      .string()
      .regex(/^[A-Z]{3}$/, { message: 'deve ser um código de moeda de 3 letras, como USD' })
      .optional(),
    SIM_DEAL_FEE: z
      .string()
      .regex(/^\d+(\.\d+)?$/, { message: 'deve ser um número não negativo (por contrato)' })
      .optional(),
    SIM_BALANCE_OPS: z
      .string()
      .regex(/^\d+:-?\d+(\.\d{1,2})?(,\d+:-?\d+(\.\d{1,2})?)*$/, {
        message: 'deve listar dia:valor separados por vírgula, como 20:5000,40:-3000',
      })
      .optional(),
    EMBEDDED_PG_PORT: portNumber.optional(),
    TRADING_CACHE_MB: z
      .string()
      .default('64')
      .transform((v, ctx) => {
        const mb = Number(v);
        if (Number.isInteger(mb) && mb >= 1) return mb;
        ctx.addIssue({ code: 'custom', message: 'deve ser um número inteiro de MiB, no mínimo 1' });
        return z.NEVER;
      }),
    WHATSAPP: z.enum(['0', '1'], { message: 'deve ser 0 ou 1' }).default('1'),
    TRADING_WARM_UP_MS: z
      .string()
      .default('3000')
      .transform((v, ctx) => {
        const ms = Number(v);
        if (/^\d+$/.test(v) && ms <= 60_000) return ms;
        ctx.addIssue({ code: 'custom', message: 'deve ser um número de ms entre 0 e 60000' });
        return z.NEVER;
      }),
  })
  .refine((e) => e.PORT !== e.WEB_PORT, {
    path: ['WEB_PORT'],
    message: 'deve ser diferente de PORT',
  })
  .refine((e) => (e.ADMIN_PASSWORD === undefined) === (e.ADMIN_EMAIL === undefined), {
    path: ['ADMIN_PASSWORD'],
    message: 'ADMIN_EMAIL e ADMIN_PASSWORD devem ser definidos juntos',
  })
  .refine((e) => (e.DEMO_PASSWORD === undefined) === (e.DEMO_EMAIL === undefined), {
    path: ['DEMO_PASSWORD'],
    message: 'DEMO_EMAIL e DEMO_PASSWORD devem ser definidos juntos',
  })
  .refine(
    (e) =>
      e.SMS_URL !== undefined ||
      [e.SMS_USER, e.SMS_PASSWORD, e.SMS_TOKEN, e.SMS_BODY_TEMPLATE].every((v) => v === undefined),
    {
      path: ['SMS_URL'],
      message:
        'obrigatório quando SMS_USER, SMS_PASSWORD, SMS_TOKEN ou SMS_BODY_TEMPLATE é definido',
    },
  );

export interface Config {
  port: number;
  webPort: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  /** Starts every Redis key and channel, so deployments can share one Redis. */
  redisPrefix: string;
  admin: { email: string; password: string } | undefined;
  demo: boolean;
  demoUser: { email: string; password: string } | undefined;
  /** The demo simulator's settings, handed to its agent as they were given. */
  sim: {
    speed: string | undefined;
    historyDays: string | undefined;
    marginMode: string | undefined;
    currency: string | undefined;
    dealFee: string | undefined;
    balanceOps: string | undefined;
  };
  logLevel: string;
  /** Exact origins allowed by CORS: the web app's own, unless WEB_ORIGINS overrides. */
  webOrigins: string[];
  /**
   * Where browsers and agents reach the API: PUBLIC_API_URL, or HOST:PORT. Every URL the server
   * hands out starts here, never at a request's Host header.
   */
  publicApiUrl: string;
  /**
   * The Host names the API and the web app answer to (host[:port]; no port, any port): the public
   * URLs' hosts, loopback, HOST unless it is a wildcard, and ALLOWED_HOSTS.
   */
  allowedHosts: string[];
  /** The web app's public address, used in links sent by email. */
  appUrl: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** The SMS provider's HTTP API; when unset, texts go to DATA_DIR/outbox-sms. */
  sms:
    | {
        url: string;
        user: string | undefined;
        password: string | undefined;
        token: string | undefined;
        bodyTemplate: string | undefined;
      }
    | undefined;
  embeddedPgPort: number | undefined;
  /** WhatsApp through Baileys; off (WHATSAPP=0), the service is unavailable and never dials. */
  whatsapp: boolean;
  /** Memory the trading screens' cached positions may take, in MiB (TRADING_CACHE_MB). */
  tradingCacheMb: number;
  /**
   * How long the API waits for the trading warm-up before it listens (TRADING_WARM_UP_MS); 0
   * skips the warm-up, for a server no trader's screen reads (the tests' agent-only servers).
   */
  tradingWarmUpMs: number;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Configuração inválida:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

/** Parses the environment once; every bad variable is named in one error. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): Config {
  const input = Object.fromEntries(
    Object.entries(env).filter(([, v]) => v !== undefined && v !== ''),
  );
  const parsed = EnvSchema.safeParse(input);
  if (!parsed.success) {
    const problems = parsed.error.issues.map(
      (i) => `${i.path.join('.') || 'ambiente'}: ${i.message}`,
    );
    throw new ConfigError(problems);
  }
  const e = parsed.data;
  const webOrigins = e.WEB_ORIGINS
    ? e.WEB_ORIGINS.split(',')
        .map((o) => o.trim())
        .filter(Boolean)
    : [`http://localhost:${e.WEB_PORT}`, `http://127.0.0.1:${e.WEB_PORT}`];
  const listenHost = hostOfListenAddress(e.HOST);
  const publicApiUrl = (
    e.PUBLIC_API_URL ?? `http://${listenHost ?? 'localhost'}:${e.PORT}`
  ).replace(/\/+$/, '');
  const allowedHosts = [
    ...LOOPBACK_NAMES,
    ...(listenHost ? [listenHost] : []),
    ...[publicApiUrl, e.APP_URL, ...webOrigins]
      .filter((u): u is string => u !== undefined && URL.canParse(u))
      .map((u) => new URL(u).host),
    ...(e.ALLOWED_HOSTS ?? '')
      .split(',')
      .map((h) => h.trim().toLowerCase())
      .filter(Boolean),
  ];
  return {
    port: e.PORT,
    webPort: e.WEB_PORT,
    host: e.HOST,
    dataDir: path.resolve(cwd, e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    redisPrefix: e.REDIS_PREFIX,
    admin:
      e.ADMIN_EMAIL && e.ADMIN_PASSWORD
        ? { email: e.ADMIN_EMAIL, password: e.ADMIN_PASSWORD }
        : undefined,
    demo: e.DEMO === '1',
    demoUser:
      e.DEMO_EMAIL && e.DEMO_PASSWORD
        ? { email: e.DEMO_EMAIL, password: e.DEMO_PASSWORD }
        : undefined,
    sim: {
      speed: e.SIM_SPEED,
      historyDays: e.SIM_HISTORY_DAYS,
      marginMode: e.SIM_MARGIN_MODE,
      currency: e.SIM_CURRENCY,
      dealFee: e.SIM_DEAL_FEE,
      balanceOps: e.SIM_BALANCE_OPS,
    },
    logLevel: e.LOG_LEVEL,
    webOrigins,
    publicApiUrl,
    // WEB_ORIGINS and HOST are not checked as names: one that is not a plain host is left out.
    allowedHosts: [...new Set(allowedHosts)].filter((h) => splitHost(h) !== undefined),
    appUrl: (e.APP_URL ?? `http://localhost:${e.WEB_PORT}`).replace(/\/$/, ''),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    sms: e.SMS_URL
      ? {
          url: e.SMS_URL,
          user: e.SMS_USER,
          password: e.SMS_PASSWORD,
          token: e.SMS_TOKEN,
          bodyTemplate: e.SMS_BODY_TEMPLATE,
        }
      : undefined,
    embeddedPgPort: e.EMBEDDED_PG_PORT,
    whatsapp: e.WHATSAPP === '1',
    tradingCacheMb: e.TRADING_CACHE_MB,
    tradingWarmUpMs: e.TRADING_WARM_UP_MS,
  };
}
