import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AgentMessageSchema } from './agent-protocol.schema.js';
import { isPlainValidDeal, plainDealsMessage } from './deal-fast-path.js';
import { Mt5DealSchema } from './mt5-records.schema.js';

const valid = {
  ticket: 1,
  order: 1,
  position_id: 1,
  symbol: 'WINZ25',
  type: 0,
  entry: 0,
  volume: 1,
  price: 125_000,
  profit: 0,
  commission: -0.25,
  swap: 0,
  magic: 135_000,
  reason: 3,
  comment: '',
  time: 1_763_730_000,
  time_msc: 1_763_730_000_000,
};

// Values around every bound the schema has, and of the wrong kinds.
const anyValue = fc.oneof(
  fc.constantFrom(
    0,
    -0,
    1,
    -1,
    0.5,
    3,
    10,
    11,
    18,
    19,
    32,
    64,
    1_000_000,
    1_000_000.5,
    4_102_444_800,
    4_102_444_801,
    2 ** 53,
    2 ** 53 - 1,
    Number.MAX_SAFE_INTEGER + 2,
    1e12,
    -1e12,
    1e12 + 1,
    1e9 + 1,
    1e308,
    -1e308,
    4_102_444_800_001,
    Number.NaN,
    Number.POSITIVE_INFINITY,
    '',
    ' WIN ',
    'WINZ25',
    'WIN\u0000Z25',
    'WIN\u001bZ25',
    'a\tb',
    'x'.repeat(33),
    'y'.repeat(65),
    null,
    true,
    [],
    {},
  ),
  fc.integer(),
  fc.double(),
  fc.string({ maxLength: 70 }),
);

const dealLike = fc
  .record({
    base: fc.constant(valid),
    changes: fc.dictionary(
      fc.constantFrom(...Object.keys(valid), 'fee', 'extra', '__proto__', 'type'),
      anyValue,
      {
        maxKeys: 3,
      },
    ),
    drop: fc.option(fc.constantFrom(...Object.keys(valid))),
  })
  .map(({ base, changes, drop }) => {
    const d: Record<string, unknown> = { ...base, ...changes };
    return Object.fromEntries(Object.entries(d).filter(([k]) => k !== drop));
  });

describe('the deal fast path', () => {
  it('accepts the common deal, with or without its fee (older agents leave it out)', () => {
    expect(isPlainValidDeal(valid)).toBe(true);
    expect(isPlainValidDeal({ ...valid, fee: -0.12 })).toBe(true);
    expect(isPlainValidDeal({ ...valid, fee: 1e13 })).toBe(false);
    expect(isPlainValidDeal({ ...valid, fee: '1' })).toBe(false);
    expect(Mt5DealSchema.safeParse({ ...valid, fee: 1e13 }).success).toBe(false);
  });

  it('accepts only what the schema accepts, and exactly as the schema returns it', () => {
    fc.assert(
      fc.property(dealLike, (d) => {
        if (!isPlainValidDeal(d)) return;
        const parsed = Mt5DealSchema.safeParse(d);
        expect(parsed.success).toBe(true);
        expect(parsed.data).toEqual(d);
      }),
      { numRuns: 5_000 },
    );
  });

  it('leaves to the schema what needs trimming, a default or a reason', () => {
    expect(isPlainValidDeal({ ...valid, symbol: ' WINZ25' })).toBe(false);
    const { comment: _comment, ...noComment } = valid;
    expect(isPlainValidDeal(noComment)).toBe(false);
    expect(isPlainValidDeal({ ...valid, extra: 1 })).toBe(false);
    expect(isPlainValidDeal({ ...valid, ticket: 0 })).toBe(false);
  });

  it('takes a whole deals message only when every part passes, as the union would', () => {
    const message = { type: 'deals', batch_id: 'b1', deals: [valid, { ...valid, ticket: 2 }] };
    expect(plainDealsMessage(message)).toEqual(AgentMessageSchema.parse(message));
    expect(plainDealsMessage({ ...message, deals: [] })).toBeUndefined();
    expect(plainDealsMessage({ ...message, extra: true })).toBeUndefined();
    expect(plainDealsMessage({ ...message, batch_id: '' })).toBeUndefined();
    expect(plainDealsMessage({ ...message, deals: [{ ...valid, price: -1 }] })).toBeUndefined();
  });

  it('takes a balance operation with no symbol, and refuses a trade with none', () => {
    const deposit = {
      ...valid,
      order: 0,
      position_id: 0,
      symbol: '',
      type: 2,
      volume: 0,
      price: 0,
      profit: 5_000,
      commission: 0,
      magic: 0,
      reason: 0,
      comment: 'Deposit',
    };
    expect(isPlainValidDeal(deposit)).toBe(true);
    expect(Mt5DealSchema.parse(deposit)).toEqual(deposit);
    for (const type of [0, 1]) {
      const trade = { ...valid, type, symbol: '' };
      expect(isPlainValidDeal(trade)).toBe(false);
      const read = Mt5DealSchema.safeParse(trade);
      expect(read.error?.issues[0]?.path).toEqual(['symbol']);
      expect(read.error?.issues[0]?.message).toBe('não pode ficar vazio numa compra ou venda.');
    }
    expect(Mt5DealSchema.safeParse({ ...valid, symbol: '   ' }).success).toBe(false);
  });

  it('refuses, as the schema does, the poison an agent once got stored: huge money and control characters', () => {
    for (const bad of [
      { ...valid, profit: 1e308 },
      { ...valid, commission: -1e13 },
      { ...valid, symbol: 'WIN\u0000Z25' },
      { ...valid, comment: 'ok\u0007' },
      { ...valid, time_msc: 4_102_444_800_001 },
    ]) {
      expect(isPlainValidDeal(bad)).toBe(false);
      expect(Mt5DealSchema.safeParse(bad).success).toBe(false);
    }
    const nul = Mt5DealSchema.safeParse({ ...valid, symbol: 'WIN\u0000Z25' });
    expect(nul.error?.issues[0]?.message).toBe('não pode conter caracteres de controle.');
  });
});
