/**
 * The reference for bench/fanout.bench.ts: a bare node:http server with `ws` and nothing else.
 * GET /events holds a server-sent event stream, /ws a WebSocket; POST /publish stamps one event
 * like the Vórtex bus does, serialises it once and writes it to every open channel. Listens on
 * 127.0.0.1 at a free port and prints `{"port":N}` once.
 */
import http from 'node:http';
import { WebSocketServer, type WebSocket } from 'ws';

const streams = new Set<http.ServerResponse>();
const sockets = new Set<WebSocket>();
let nextId = 1;

const server = http.createServer((req, res) => {
  if (req.url === '/events') {
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
    });
    res.write('retry: 500\nevent: ready\ndata: {}\n\n');
    streams.add(res);
    res.once('close', () => streams.delete(res));
    return;
  }
  if (req.method === 'POST' && req.url?.startsWith('/publish')) {
    const userId = Number(new URL(req.url, 'http://x').searchParams.get('user_id'));
    const e = {
      type: 'bridge_terminated',
      user_id: userId,
      id: nextId++,
      at: new Date().toISOString(),
    };
    const json = JSON.stringify(e);
    const sse = Buffer.from(`id: ${e.id}\nevent: ${e.type}\ndata: ${json}\n\n`);
    const ws = Buffer.from(json);
    for (const s of streams) s.write(sse);
    for (const s of sockets) s.send(ws, { binary: false });
    res.writeHead(204).end();
    return;
  }
  res.writeHead(200, { 'content-type': 'application/json' }).end('{"status":"ok"}');
});

const wss = new WebSocketServer({ noServer: true, perMessageDeflate: false });
server.on('upgrade', (req, socket, head) => {
  wss.handleUpgrade(req, socket, head, (ws) => {
    // The same first exchange as the Vórtex channel: one message in, one acknowledgement out.
    ws.once('message', () => ws.send('{"type":"ws_connected"}'));
    sockets.add(ws);
    ws.once('close', () => sockets.delete(ws));
  });
});

server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  process.stdout.write(`${JSON.stringify({ port })}\n`);
});

const stop = () => {
  for (const s of streams) s.destroy();
  for (const s of sockets) s.terminate();
  server.close(() => process.exit(0));
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
