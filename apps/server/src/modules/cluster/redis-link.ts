import { Redis } from 'ioredis';
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';

export type MessageHandler = (message: string) => void;

/**
 * This instance's connections to Redis, shared by the event bus, the agent directory and the
 * rate limits: one for commands and publishing, one held in subscriber mode. Channel and key
 * names all start with `prefix`, so several deployments (or test runs) can share one Redis.
 */
export interface RedisLink {
  /** host:pid and a random tag: two apps in one process are two instances. */
  readonly instance: string;
  readonly prefix: string;
  /** Commands and publishing (the rate limits keep their counters through it too). */
  readonly redis: Redis;
  publish: (channel: string, message: string) => void;
  /** Listens on a channel (without the prefix); resolves once Redis confirmed it. */
  subscribe: (channel: string, handler: MessageHandler) => Promise<void>;
  /** Both clients connected: a command published now can be answered. */
  readonly up: boolean;
  /** Called each time either client loses Redis (a closed socket, not a slow answer). */
  onDown: (listener: () => void) => void;
  close: () => Promise<void>;
}

export interface RedisLinkOptions {
  url: string;
  prefix?: string | undefined;
  log: { warn: (obj: object, msg: string) => void };
}

/** Connects both clients; rejects with a pt-BR reason when Redis does not answer. */
export async function openRedisLink(opts: RedisLinkOptions): Promise<RedisLink> {
  const prefix = opts.prefix ?? 'vortex:';
  const client = () => {
    const r = new Redis(opts.url, {
      lazyConnect: true,
      // After an outage the subscriber takes its channels back by itself (the cluster test proves it).
      autoResubscribe: true,
      // Requests made while Redis is away fail fast instead of queueing without end.
      maxRetriesPerRequest: 2,
      retryStrategy: (attempt) => Math.min(attempt * 200, 2_000),
    });
    // Reconnection is automatic; the error only needs to be seen once per outage.
    let warned = false;
    r.on('error', (err: Error) => {
      if (warned) return;
      warned = true;
      opts.log.warn({ err }, 'Redis unreachable; reconnecting');
    });
    r.on('ready', () => {
      warned = false;
    });
    return r;
  };
  const redis = client();
  const sub = client();
  try {
    await Promise.all([redis.connect(), sub.connect()]);
  } catch (err) {
    redis.disconnect();
    sub.disconnect();
    throw new Error(`Não foi possível conectar ao Redis (REDIS_URL): ${(err as Error).message}`);
  }
  const handlers = new Map<string, MessageHandler>();
  const downListeners: (() => void)[] = [];
  let closing = false;
  for (const r of [redis, sub]) {
    r.on('close', () => {
      if (closing) return;
      for (const listener of downListeners) listener();
    });
  }
  let lastPublishWarning = 0;
  sub.on('message', (channel: string, message: string) => {
    const handler = handlers.get(channel);
    if (!handler) return;
    try {
      handler(message);
    } catch (err) {
      opts.log.warn({ err, channel }, 'Redis message not handled');
    }
  });
  return {
    instance: `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`,
    prefix,
    redis,
    publish: (channel, message) => {
      redis.publish(prefix + channel, message).catch((err: unknown) => {
        // Every event fails while Redis is away: one line every 10 s says so, not one each.
        const now = Date.now();
        if (now - lastPublishWarning < 10_000) return;
        lastPublishWarning = now;
        opts.log.warn({ err, channel }, 'Redis publish failed');
      });
    },
    get up() {
      return redis.status === 'ready' && sub.status === 'ready';
    },
    onDown: (listener) => downListeners.push(listener),
    subscribe: async (channel, handler) => {
      handlers.set(prefix + channel, handler);
      await sub.subscribe(prefix + channel);
    },
    close: async () => {
      closing = true;
      handlers.clear();
      await Promise.allSettled([sub.quit(), redis.quit()]);
    },
  };
}
