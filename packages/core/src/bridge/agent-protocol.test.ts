import { describe, expect, it } from 'vitest';
import {
  AgentMessageSchema,
  MAX_DEALS_PER_BATCH,
  ServerMessageSchema,
} from './agent-protocol.schema.js';

const deal = (ticket: number) => ({
  ticket,
  order: ticket,
  position_id: 900,
  symbol: 'WINZ25',
  type: 0,
  entry: 0,
  volume: 1,
  price: 125_000,
  profit: 0,
  commission: -0.25,
  swap: 0,
  magic: 135000,
  reason: 3,
  time: 1_763_730_000,
  time_msc: 1_763_730_000_123,
});

describe('agent protocol', () => {
  it('reads each agent message by its type', () => {
    const hb = AgentMessageSchema.parse({ type: 'heartbeat', seq: 3, mt5_alive: true, ts: 1 });
    expect(hb.type).toBe('heartbeat');
    const batch = AgentMessageSchema.parse({
      type: 'deals',
      batch_id: 'b1',
      deals: [deal(1), deal(2)],
    });
    expect(batch.type === 'deals' && batch.deals[1]?.comment).toBe('');
  });

  it('refuses unknown types, unknown fields and oversized batches', () => {
    expect(AgentMessageSchema.safeParse({ type: 'drop_table' }).success).toBe(false);
    expect(
      AgentMessageSchema.safeParse({
        type: 'heartbeat',
        seq: 1,
        mt5_alive: true,
        ts: 1,
        admin: true,
      }).success,
    ).toBe(false);
    const huge = Array.from({ length: MAX_DEALS_PER_BATCH + 1 }, (_, i) => deal(i + 1));
    expect(
      AgentMessageSchema.safeParse({ type: 'deals', batch_id: 'b', deals: huge }).success,
    ).toBe(false);
    expect(
      AgentMessageSchema.safeParse({
        type: 'deals',
        batch_id: 'b',
        deals: [{ ...deal(1), ticket: -1 }],
      }).success,
    ).toBe(false);
  });

  it('reads server commands and refuses a command without an id', () => {
    const ok = ServerMessageSchema.safeParse({
      type: 'command',
      command_id: '6f1c2a4e-8d7b-4c3a-9e2f-1a2b3c4d5e6f',
      expires_at: 1,
      command: {
        kind: 'place_order',
        symbol: 'WINZ25',
        side: 'buy',
        order_type: 'market',
        volume: 1,
        magic: 135000,
      },
    });
    expect(ok.success).toBe(true);
    expect(
      ServerMessageSchema.safeParse({
        type: 'command',
        expires_at: 1,
        command: { kind: 'cancel_order', ticket: 1 },
      }).success,
    ).toBe(false);
  });
});
