import type { BridgeEventInput } from '@vortex/core';
import http from 'node:http';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket, { WebSocketServer } from 'ws';
import { MemoryEventBus } from './event-bus.js';
import { MAX_CHANNEL_BUFFER_BYTES, SseChannel, WsChannel } from './live-channels.js';
import { chunkedHead, httpChunk } from './live-frames.js';
import { LiveHub } from './live-hub.js';

const bus = new MemoryEventBus();
const hub = new LiveHub(bus);
const who = (userId: number) => ({
  userId,
  isAdmin: false,
  role: 'trader' as const,
  sessionId: userId,
});
let sse: http.Server;
let wss: WebSocketServer;

beforeAll(async () => {
  // Real sockets on loopback, with the channels the routes make.
  sse = http.createServer((req, res) => {
    const socket = res.socket as net.Socket;
    socket.write(chunkedHead({}, { 'content-type': 'text/event-stream' }));
    socket.write(httpChunk('event: ready\ndata: {}\n\n'));
    const channel = new SseChannel(who(Number(req.url?.slice(1))), socket);
    res.detachSocket(socket);
    hub.add(channel);
    socket.once('close', () => hub.remove(channel));
  });
  wss = new WebSocketServer({ port: 0, host: '127.0.0.1' });
  wss.on('connection', (socket, req) => {
    const channel = new WsChannel(who(Number(req.url?.slice(1))), socket, (s) => s.close());
    hub.add(channel);
    socket.once('close', () => hub.remove(channel));
    socket.send('{"type":"ws_connected"}');
  });
  await new Promise<void>((resolve) => sse.listen(0, '127.0.0.1', resolve));
});
afterAll(async () => {
  hub.closeAll();
  wss.close();
  await new Promise((resolve) => sse.close(resolve));
});

const port = (s: { address: () => unknown }) => (s.address() as net.AddressInfo).port;

/** An event stream client; `slow` stops reading once the stream is open. */
function openSse(
  userId: number,
  slow: boolean,
): Promise<{ bytes: () => number; socket: net.Socket }> {
  return new Promise((resolve) => {
    const socket = net.connect(port(sse), '127.0.0.1');
    let bytes = 0;
    let stopped = false;
    socket.write(`GET /${userId} HTTP/1.1\r\nHost: x\r\n\r\n`);
    socket.on('data', (chunk: Buffer) => {
      bytes += chunk.length;
      // Only once: reading again later lets it see the server's hang-up.
      if (slow && !stopped) {
        stopped = true;
        socket.pause();
      }
      resolve({ bytes: () => bytes, socket });
    });
  });
}

/** Resolves once the client has read at least `n` bytes (on its next chunk, or now). */
function received(client: { bytes: () => number; socket: net.Socket }, n: number): Promise<void> {
  return new Promise((resolve) => {
    const check = () => {
      if (client.bytes() < n) return;
      client.socket.off('data', check);
      resolve();
    };
    client.socket.on('data', check);
    check();
  });
}

function openWs(userId: number): Promise<WebSocket> {
  return new Promise((resolve) => {
    const ws = new WebSocket(`ws://127.0.0.1:${port(wss)}/${userId}`);
    ws.once('message', () => {
      ws.pause();
      resolve(ws);
    });
  });
}

describe('a channel that falls behind', () => {
  it('is dropped once its socket holds more than the bound; the others keep going', async () => {
    const fast = await openSse(1, false);
    const slowSse = await openSse(2, true);
    const slowWs = await openWs(3);
    const wsClosed = new Promise((resolve) => slowWs.once('close', resolve));
    expect(hub.counts().connections).toBe(3);
    const padding = 'x'.repeat(100 * 1024);
    let sent = 0;
    // Far more than loopback's socket buffers plus the bound, a little at a time.
    for (let i = 0; i < 400 && hub.counts().connections > 1; i++) {
      for (const userId of [1, 2, 3]) {
        const e: BridgeEventInput = { type: 'bridge_paired', user_id: userId, claim_id: padding };
        bus.publish(e);
      }
      sent += padding.length;
      // Paced by the reader that keeps up: the next events go once it has all sent so far.
      await received(fast, sent);
    }
    expect(sent).toBeGreaterThan(MAX_CHANNEL_BUFFER_BYTES);
    expect(hub.dropped).toBe(2);
    // Reading again, each client finds its socket closed by the server.
    slowWs.resume();
    await wsClosed;
    await new Promise((resolve) => slowSse.socket.once('close', resolve).resume());
    expect(hub.counts()).toEqual({ users: 1, connections: 1 });
    // The reader that kept up is still open and got (at least) everything that was sent.
    expect(fast.bytes()).toBeGreaterThan(sent);
    fast.socket.destroy();
  });
});
