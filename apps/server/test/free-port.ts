import net from 'node:net';

/** A port free right now on 127.0.0.1, for a process a test starts (and may restart on it). */
export async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const address = probe.address();
  await new Promise((resolve) => probe.close(resolve));
  if (!address || typeof address !== 'object') throw new Error('no port');
  return address.port;
}
