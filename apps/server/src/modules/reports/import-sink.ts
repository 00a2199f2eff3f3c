import type { ImportedDeal, ImportedOrder, ImportedPosition } from '@vortex/core';
import type { ReportSink } from './import/assemble.js';
import { importedDeal, ListedPositions, PositionAssigner } from './imported-deals.js';
import { orderOwnPart } from './imported-orders.js';
import type { ImportStaging } from './import-staging.js';

// The import's side of the reader: each row, as it is read, becomes the row the agent would
// have sent and goes to the staging tables. The deal's position is worked out for both margin
// modes at once (the report proves which only once read); the Positions section is kept as a
// few numbers per position, the deals and orders not at all.

export class StagingSink implements ReportSink {
  private readonly known = new ListedPositions();
  private readonly hedging = new PositionAssigner(true, this.known);
  private readonly netting = new PositionAssigner(false, this.known);
  /** The first and last deal's time: the period the import brought. */
  from: number | null = null;
  to: number | null = null;

  constructor(private readonly staging: ImportStaging) {}

  position(p: ImportedPosition): void {
    this.known.add(p);
    this.hedging.position(p);
    this.netting.position(p);
  }

  order(o: ImportedOrder): void {
    const own = orderOwnPart(o);
    if (own !== null) this.staging.order(own);
  }

  deal(d: ImportedDeal): void {
    const h = importedDeal(d, this.hedging.assign(d), this.known);
    const n = importedDeal(d, this.netting.assign(d), this.known);
    this.from = Math.min(this.from ?? Infinity, h.time_msc);
    this.to = Math.max(this.to ?? -Infinity, h.time_msc);
    this.staging.deal({
      ticket: h.ticket,
      order: h.order,
      symbol: h.symbol,
      type: h.type,
      entry: h.entry,
      volume: h.volume,
      price: h.price,
      profit: h.profit,
      commission: h.commission,
      fee: h.fee ?? 0,
      swap: h.swap,
      comment: h.comment,
      time_msc: h.time_msc,
      hedging: { position: h.position_id, magic: h.magic, reason: h.reason },
      netting: { position: n.position_id, magic: n.magic, reason: n.reason },
    });
  }

  get deals(): number {
    return this.staging.deals;
  }

  get orders(): number {
    return this.staging.orders;
  }
}
