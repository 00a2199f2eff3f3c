import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Mt5HistoryOrder } from '@vortex/core';
import { describe, expect, it } from 'vitest';
import { historyOrder } from '../../../../packages/core/src/reports/statement.fixture.js';
import { HistoryOrderWindow } from './history-orders.js';

const order = (ticket: number, done: number): Mt5HistoryOrder => historyOrder(ticket, done);

async function windowIn(dir?: string) {
  const file = path.join(dir ?? (await mkdtemp(path.join(os.tmpdir(), 'vortex-ho-'))), 'h.json');
  const sent: { batch_id: string; orders: Mt5HistoryOrder[] }[] = [];
  const logs: string[] = [];
  const w = new HistoryOrderWindow({
    file,
    send: (m) => sent.push(m as (typeof sent)[number]),
    log: (m) => logs.push(m),
  });
  return { w, sent, logs, file };
}

describe('HistoryOrderWindow', () => {
  it('takes each order once, by done time, a later limit fill with a lower ticket included', async () => {
    const { w, sent } = await windowIn();
    await w.add([order(5, 100), order(6, 200)]);
    expect(w.since).toBe(200);
    // Polled again from 200: order 6 again (skipped) and order 3, a limit that filled at 200 too.
    await w.add([order(6, 200), order(3, 200), order(7, 300)]);
    w.start();
    w.pump();
    expect(sent.map((m) => m.orders.map((o) => o.ticket))).toEqual([[5, 6, 3, 7]]);
  });

  it('sends one batch at a time, forgets it once stored or refused, and survives a restart', async () => {
    const { w, sent, logs, file } = await windowIn();
    await w.add([order(1, 100)]);
    w.start();
    w.pump();
    w.pump();
    expect(sent).toHaveLength(1);
    await w.add([order(2, 200)]);
    await w.settled(sent[0]?.batch_id ?? '');
    expect(sent.map((m) => m.orders.map((o) => o.ticket))).toEqual([[1], [2]]);
    await w.settled(sent[1]?.batch_id ?? '', 'Mensagem inválida: orders.0.sl');
    expect(w.pending).toBe(0);
    expect(logs).toEqual([
      '1 ordem do histórico recusada pelo servidor, que não será reenviada: Mensagem inválida: orders.0.sl',
    ]);
    await w.add([order(3, 300)]);
    await w.flushed();
    const again = await windowIn(path.dirname(file));
    expect([again.w.since, again.w.pending]).toEqual([300, 1]);
  });
});
