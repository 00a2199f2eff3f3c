/**
 * The reference for bench/trading.bench.ts: a bare Fastify 5 server, no plugins, no logger, that
 * answers GET <route> with the JSON body read from a file (the real route's response, so both
 * serialise the same bytes). Listens on 127.0.0.1 at a free port and prints `{"port":N}` once.
 * Usage: node --import tsx bare-json.ts <route> <body.json>
 */
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';

const [route, bodyFile] = process.argv.slice(2);
if (!route || !bodyFile) throw new Error('usage: bare-json.ts <route> <body.json>');
const body = JSON.parse(readFileSync(bodyFile, 'utf8')) as unknown;

const app = Fastify({ logger: false });
app.get(route, async () => body);

const address = await app.listen({ host: '127.0.0.1', port: 0 });
process.stdout.write(`${JSON.stringify({ port: Number(new URL(address).port) })}\n`);

const stop = () => {
  void app.close().then(() => process.exit(0));
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
