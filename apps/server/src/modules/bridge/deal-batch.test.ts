import { plainTextMessages, useZodPtBr } from '@vortex/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { testDeal } from '../../../test/agent-client.js';
import { readDeals } from './deal-batch.js';
import { ingestMessages } from './ingest.messages.js';

beforeAll(() => useZodPtBr());

const message = (deals: unknown[], batch_id: unknown = 'b1') => ({
  type: 'deals',
  batch_id,
  deals,
});

describe('readDeals', () => {
  it('keeps the valid deals and names each refused one by ticket with its issues', () => {
    const reading = readDeals(
      message([testDeal(1), testDeal(2, { profit: 1e308 }), testDeal(3, { symbol: 'W\u0000N' })]),
    );
    expect(reading?.ok).toBe(true);
    if (!reading?.ok) return;
    expect(reading.batch.deals.map((d) => d.ticket)).toEqual([1]);
    expect(reading.batch.refused.map((r) => [r.ticket, r.reason])).toEqual([
      [2, expect.stringMatching(/^profit: .*<= ?1000000000000$/) as string],
      [3, `symbol: ${plainTextMessages.control}`],
    ]);
  });

  it('fills what the schema defaults, which the fast path does not take', () => {
    const { comment: _, ...noComment } = { ...testDeal(1), comment: 'x' };
    const reading = readDeals(message([noComment]));
    expect(reading).toMatchObject({ ok: true, batch: { refused: [] } });
    expect(reading?.ok && reading.batch.deals[0]?.comment).toBe('');
  });

  it.each([
    ['no ticket', [testDeal(1), { ...testDeal(2), ticket: undefined }]],
    ['a ticket that is no id', [testDeal(1), { ...testDeal(2), ticket: -1, price: -1 }]],
    ['a ticket shared with a valid deal', [testDeal(1), testDeal(1, { price: -1 })]],
    ['two refused deals of one ticket', [testDeal(2, { price: -1 }), testDeal(2, { swap: 2e12 })]],
    ['a deal that is no object', [testDeal(1), 'deal']],
  ])('refuses the whole batch when a refused deal has %s', (_case, deals) => {
    expect(readDeals(message(deals))).toEqual({
      ok: false,
      batchId: 'b1',
      reason: ingestMessages.unidentified,
      raw: message(deals),
    });
  });

  it('refuses a broken envelope by its batch id', () => {
    for (const broken of [
      message([]),
      { ...message([testDeal(1)]), extra: true },
      message([testDeal(1)], 'x'.repeat(65)),
    ]) {
      const reading = readDeals(broken);
      expect(reading).toMatchObject({ ok: false, batchId: broken.batch_id });
      expect(reading?.ok === false && reading.reason).toMatch(/^Mensagem inválida: /);
    }
  });

  it('leaves to the schema what it cannot answer by batch id', () => {
    expect(readDeals({ type: 'heartbeat' })).toBeUndefined();
    expect(readDeals(message([testDeal(1)], 7))).toBeUndefined();
    expect(readDeals(message([testDeal(1)], ''))).toBeUndefined();
    expect(readDeals(message([testDeal(1)], 'x'.repeat(201)))).toBeUndefined();
    expect(readDeals(null)).toBeUndefined();
  });
});
