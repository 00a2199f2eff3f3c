import { readFileSync, statSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Mt5Deal } from '@vortex/core';
import { afterEach, describe, expect, it } from 'vitest';
import { BridgeAgent } from './agent.js';
import type { DeadLetter } from './dead-letter.js';
import { ackAll, FakeServer } from './fake-server.js';
import { stubDeal, stubTerminal } from './stub-terminal.js';
import { waitUntil } from '../../../server/test/wait.js';

/**
 * Deals the server refuses for good (part of a batch in deals_ack.rejected, or a whole batch in
 * deals_rejected) go to the dead-letter file, leave the outbox and are never sent again; the
 * deals after them still flow.
 */
/** A terminal whose deals are 1..made(), `made` raised by the test. */
function terminal() {
  let made = 0;
  const source = stubTerminal(
    { account_number: 7_070_707, server: 'Dead-Letter-Demo' },
    {
      poll: (after) => {
        const fresh: Mt5Deal[] = [];
        for (let t = after + 1; t <= made; t++) fresh.push(stubDeal(t));
        return fresh;
      },
    },
  );
  return { source, make: (n: number) => (made = n) };
}

let server: FakeServer | undefined;
let agent: BridgeAgent | undefined;
let dir: string | undefined;
afterEach(async () => {
  agent?.stop();
  await agent?.done;
  await server?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

const sentTickets = (s: FakeServer) => s.batches.flatMap((b) => b.deals.map((d) => d.ticket));
const readDeadLetters = (file: string) =>
  readFileSync(file, 'utf8')
    .trimEnd()
    .split('\n')
    .map((l) => JSON.parse(l) as DeadLetter);
const outboxFile = () =>
  JSON.parse(readFileSync(path.join(dir ?? '', 'outbox.json'), 'utf8')) as {
    acked: number;
    deals: Mt5Deal[];
  };

async function startAgent(log: string[]) {
  const t = terminal();
  dir = await mkdtemp(path.join(os.tmpdir(), 'vortex-dead-letter-'));
  agent = new BridgeAgent({
    serverUrl: server?.url ?? '',
    pairingToken: 'token-de-pareamento-de-teste',
    stateDir: dir,
    source: t.source,
    clientVersion: '0.1.0',
    heartbeatMs: 20,
    batchSize: 2,
    log: (m) => log.push(m),
  });
  await agent.start();
  return t;
}

describe('deals the server refuses for good', () => {
  it('go to the dead-letter file, leave the outbox, and the deals after them are delivered', async () => {
    server = await FakeServer.start({
      onDeals: (m) => {
        const tickets = m.deals.map((d) => d.ticket);
        if (tickets.includes(3))
          return {
            ...ackAll(m),
            stored: m.deals.length - 1,
            rejected: [{ ticket: 3, reason: 'Lucro fora do limite' }],
          };
        if (tickets.includes(7))
          return { type: 'deals_rejected', batch_id: m.batch_id, reason: 'Dados recusados' };
        return ackAll(m);
      },
    });
    const log: string[] = [];
    const t = await startAgent(log);
    t.make(10);
    await waitUntil(() => sentTickets(server as FakeServer).includes(10), 'deal 10 to be sent');
    await waitUntil(() => agent?.pendingDeals === 0, 'the outbox to empty');
    // Stopped, the agent has written its outbox out.
    agent?.stop();
    await agent?.done;

    const file = path.join(dir ?? '', 'dead-letter.jsonl');
    const lines = readDeadLetters(file);
    const batchOf = (ticket: number) =>
      server?.batches.find((b) => b.deals.some((d) => d.ticket === ticket))?.batch_id;
    expect(lines.map((l) => [l.deal, l.reason, l.batch_id])).toEqual([
      [stubDeal(3), 'Lucro fora do limite', batchOf(3)],
      [stubDeal(7), 'Dados recusados', batchOf(7)],
      [stubDeal(8), 'Dados recusados', batchOf(7)],
    ]);
    for (const l of lines) expect(Date.parse(l.received_at)).not.toBeNaN();
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(outboxFile()).toMatchObject({ acked: 10, deals: [] });
    // Each deal went once: the refused ones were not sent again, the rest all went.
    expect(sentTickets(server)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(log.filter((l) => l.includes('recusado'))).toEqual([
      `1 deal recusado pelo servidor (Lucro fora do limite): guardado em ${file} e não será reenviado.`,
      `2 deals recusados pelo servidor (Dados recusados): guardados em ${file} e não serão reenviados.`,
    ]);
  });

  it('a refused deal is not sent again after a reconnect, even while an earlier batch was unanswered', async () => {
    // The first batch's answer is lost; the second's refuses deal 3. The connection then drops:
    // the first batch must go again, deal 3 must not.
    let lose = true;
    server = await FakeServer.start({
      onDeals: (m) => {
        const tickets = m.deals.map((d) => d.ticket);
        if (lose && tickets.includes(1)) return undefined;
        if (tickets.includes(3))
          return { ...ackAll(m), rejected: [{ ticket: 3, reason: 'Símbolo inválido' }] };
        return ackAll(m);
      },
    });
    const log: string[] = [];
    const t = await startAgent(log);
    t.make(4);
    await waitUntil(() => log.some((l) => l.includes('recusado')), 'the refusal to be recorded');
    expect(outboxFile().deals.map((d) => d.ticket)).toEqual([1, 2, 4]);

    lose = false;
    const s = server;
    s.batches.length = 0;
    s.drain();
    s.cut();
    await s.next('hello');
    t.make(6);
    await waitUntil(() => agent?.pendingDeals === 0, 'the outbox to empty');
    expect(sentTickets(s)).toEqual([1, 2, 4, 5, 6]);
    expect(readDeadLetters(path.join(dir ?? '', 'dead-letter.jsonl'))).toHaveLength(1);
  });
});
