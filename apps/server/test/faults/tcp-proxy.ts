import net from 'node:net';

export interface TcpProxy {
  url: string;
  port: number;
  /** Ends every connection through it at once, both sides, as a dropped link would. */
  cut: () => number;
  /**
   * Stops carrying bytes on every connection open now without closing any, as a link that died
   * without a word does (a sleeping laptop, a NAT that forgot the route); new ones still pass.
   */
  freeze: () => number;
  /**
   * freeze(), and new connections are accepted but never carried either: a server that is
   * stopped (SIGSTOP) rather than gone, whose kernel still completes the handshake.
   */
  stall: () => void;
  close: () => Promise<void>;
}

/**
 * A TCP relay in front of the server, the agent's road to it: it stays up while the server
 * restarts behind it, and cut() drops every live connection the way a lost network link does.
 */
export async function startTcpProxy(targetPort: number): Promise<TcpProxy> {
  const live = new Set<net.Socket>();
  const pairs = new Set<[net.Socket, net.Socket]>();
  let stalled = false;
  const server = net.createServer((client) => {
    if (stalled) {
      live.add(client);
      client.on('close', () => live.delete(client));
      client.on('error', () => undefined);
      client.pause();
      return;
    }
    const upstream = net.connect(targetPort, '127.0.0.1');
    const pair: [net.Socket, net.Socket] = [client, upstream];
    pairs.add(pair);
    client.on('close', () => pairs.delete(pair));
    for (const s of [client, upstream]) {
      live.add(s);
      s.on('close', () => live.delete(s));
      s.on('error', () => undefined);
    }
    client.pipe(upstream);
    upstream.pipe(client);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address !== 'object') throw new Error('no port');
  const freeze = () => {
    for (const [client, upstream] of pairs) {
      client.unpipe(upstream);
      upstream.unpipe(client);
      client.pause();
      upstream.pause();
    }
    const n = pairs.size;
    pairs.clear();
    return n;
  };
  return {
    url: `http://127.0.0.1:${address.port}`,
    port: address.port,
    cut: () => {
      const n = live.size;
      for (const s of live) s.destroy();
      return n;
    },
    freeze,
    stall: () => {
      stalled = true;
      freeze();
    },
    close: async () => {
      for (const s of live) s.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
