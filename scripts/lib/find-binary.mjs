// Finds a program the tests need on this machine. Plain Node: it runs before anything is installed.
import { accessSync, constants } from 'node:fs';
import path from 'node:path';

/** The first executable named `name` on PATH, or undefined. */
export function onPath(name) {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    if (!dir) continue;
    const candidate = path.join(dir, name);
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // not here
    }
  }
  return undefined;
}

/** redis-server: REDIS_SERVER_PATH when set, otherwise the one on PATH (Debian: /usr/bin). */
export function findRedisServer() {
  return process.env.REDIS_SERVER_PATH || onPath('redis-server');
}
