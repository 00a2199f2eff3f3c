/**
 * The names this server answers to. A request naming another host (a rebound DNS name, a forged
 * Host) is refused before any route runs; an entry without a port allows that name at any port.
 */

const NAME = '[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*';
const IPV6 = '\\[[0-9a-f:.]+\\]';
const HOST_ENTRY = new RegExp(`^(${NAME}|${IPV6})(?::(\\d{1,5}))?$`, 'i');

/** A Host header (or an ALLOWED_HOSTS entry) as name and port; undefined when malformed. */
export function splitHost(value: string): { name: string; port: number | undefined } | undefined {
  const m = HOST_ENTRY.exec(value.trim());
  if (!m?.[1]) return undefined;
  const port = m[2] === undefined ? undefined : Number(m[2]);
  if (port !== undefined && (port < 1 || port > 65_535)) return undefined;
  return { name: m[1].toLowerCase(), port };
}

/** Loopback names: no DNS name an attacker controls can be one of them. */
export const LOOPBACK_NAMES = ['localhost', '127.0.0.1', '[::1]'];

/** How a listen address appears in a URL and a Host header; undefined for a wildcard. */
export function hostOfListenAddress(host: string): string | undefined {
  if (host === '0.0.0.0' || host === '::' || host === '[::]') return undefined;
  return host.includes(':') && !host.startsWith('[') ? `[${host}]` : host.toLowerCase();
}

/** A matcher over the allowed entries, for each request's Host header. */
export function hostMatcher(allowed: readonly string[]): (header: string | undefined) => boolean {
  const exact = new Set<string>();
  const anyPort = new Set<string>();
  for (const entry of allowed) {
    const host = splitHost(entry);
    if (!host) throw new Error(`Entrada de host inválida: ${entry}`);
    if (host.port === undefined) anyPort.add(host.name);
    else exact.add(`${host.name}:${host.port}`);
  }
  return (header) => {
    const host = header === undefined ? undefined : splitHost(header);
    if (!host) return false;
    return (
      anyPort.has(host.name) || (host.port !== undefined && exact.has(`${host.name}:${host.port}`))
    );
  };
}
