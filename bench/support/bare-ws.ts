/**
 * The reference for bench/agents.bench.ts: a bare Fastify 5 server with @fastify/websocket, no
 * other plugin, no logger, and one WebSocket route at /bridge/agent that parses each message as
 * JSON and answers nothing, as the Vórtex server answers a heartbeat. Listens on 127.0.0.1 at a
 * free port and prints `{"port":N}` once.
 */
import websocket from '@fastify/websocket';
import Fastify from 'fastify';

const app = Fastify({ logger: false });
await app.register(websocket, { options: { maxPayload: 8 * 1024 * 1024 } });

let parsed = 0;
app.get('/bridge/agent', { websocket: true }, (socket) => {
  socket.on('message', (data: Buffer) => {
    const message = JSON.parse(data.toString('utf8')) as { type?: unknown };
    if (typeof message.type === 'string') parsed++;
  });
});
app.get('/health', async () => ({ parsed }));

const address = await app.listen({ host: '127.0.0.1', port: 0 });
process.stdout.write(`${JSON.stringify({ port: Number(new URL(address).port) })}\n`);

const stop = () => {
  void app.close().then(() => process.exit(0));
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
