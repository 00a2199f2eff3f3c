import { once } from 'node:events';
import { finished } from 'node:stream/promises';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import {
  COPY_HEADER,
  float8,
  int2,
  int8,
  nullField,
  row,
  rowOverhead,
  text,
  textBound,
} from '../../lib/pg-binary-copy.js';
import type { OrderOwnPart } from './imported-orders.js';

// An import's rows on their way in: COPYed, as the report is read, into two TEMP tables of the
// import's own transaction (dropped at its end), so the server holds a chunk's rows at a time
// and the report's checks run before anything reaches the account's tables
// (report-import.repo.ts moves them there). A deal is staged with its position, magic and reason
// for either margin mode: which one the report is may be known only from its last deal.

const CREATE = [
  `CREATE TEMP TABLE import_deals (seq int8, ticket int8, order_ticket int8, symbol text,
     type int2, entry int2, volume float8, price float8, profit float8, commission float8,
     fee float8, swap float8, comment text, time_msc int8,
     position_h int8, magic_h int8, reason_h int2, position_n int8, magic_n int8, reason_n int2)
   ON COMMIT DROP`,
  `CREATE TEMP TABLE import_orders (seq int8, ticket int8, symbol text, type int2, state int2,
     volume_initial float8, volume_current float8, price float8, sl float8, tp float8,
     time_setup_msc int8, time_done_msc int8, comment text, comment_reason int2)
   ON COMMIT DROP`,
];

type Table = 'import_deals' | 'import_orders';

const COLUMNS: Record<Table, number> = { import_deals: 20, import_orders: 14 };

/** A deal as staged: the report's values and, per margin mode, its position, magic and reason. */
export interface StagedDeal {
  ticket: number;
  order: number;
  symbol: string;
  type: number;
  entry: number;
  volume: number;
  price: number;
  profit: number;
  commission: number;
  fee: number;
  swap: number;
  comment: string;
  time_msc: number;
  hedging: { position: number; magic: number; reason: number };
  netting: { position: number; magic: number; reason: number };
}

/** Bytes a buffer of rows grows to before it waits for the next pace. */
const BLOCK = 256 * 1024;

/** Rows of one table in COPY's binary format, block by block. */
class Rows {
  blocks: Buffer[] = [];
  private out = Buffer.allocUnsafe(BLOCK);
  private v = new DataView(this.out.buffer, this.out.byteOffset, this.out.byteLength);
  private at = 0;

  /** Room for a row of at most `size` bytes: the block so far is set aside when full. */
  room(size: number): { out: Buffer; v: DataView; at: number } {
    if (this.at + size > this.out.length) {
      this.cut();
      this.out = Buffer.allocUnsafe(Math.max(BLOCK, size));
      this.v = new DataView(this.out.buffer, this.out.byteOffset, this.out.byteLength);
    }
    return { out: this.out, v: this.v, at: this.at };
  }

  wrote(at: number): void {
    this.at = at;
  }

  /** The rows written so far, as whole blocks. */
  cut(): void {
    if (this.at === 0) return;
    this.blocks.push(this.out.subarray(0, this.at));
    this.out = this.out.subarray(this.at);
    this.v = new DataView(this.out.buffer, this.out.byteOffset, this.out.byteLength);
    this.at = 0;
  }
}

// Bytes of a row besides its texts: the field count, each field's length, the values.
const DEAL_FIXED = rowOverhead(20) + 3 * 8 + 2 * 2 + 6 * 8 + 8 + 2 * (8 + 8 + 2);
const ORDER_FIXED = rowOverhead(14) + 2 * 8 + 2 * 2 + 5 * 8 + 2 * 8 + 2;

export class ImportStaging {
  private readonly rows: Record<Table, Rows> = {
    import_deals: new Rows(),
    import_orders: new Rows(),
  };
  private copy: { table: Table; stream: ReturnType<typeof copyFrom> } | null = null;
  deals = 0;
  orders = 0;

  private constructor(private readonly client: pg.PoolClient) {}

  /** The staging tables, in the transaction `client` has begun. */
  static async open(client: pg.PoolClient): Promise<ImportStaging> {
    for (const sql of CREATE) await client.query(sql);
    return new ImportStaging(client);
  }

  /** Whether a COPY is under way: the connection is then mid-protocol until it ends. */
  get copying(): boolean {
    return this.copy !== null;
  }

  deal(d: StagedDeal): void {
    const rows = this.rows.import_deals;
    const room = rows.room(DEAL_FIXED + textBound(d.symbol) + textBound(d.comment));
    const { out, v } = room;
    let at = row(v, room.at, COLUMNS.import_deals);
    at = int8(v, at, ++this.deals);
    at = int8(v, at, d.ticket);
    at = int8(v, at, d.order);
    at = text(out, v, at, d.symbol);
    at = int2(v, at, d.type);
    at = int2(v, at, d.entry);
    at = float8(v, at, d.volume);
    at = float8(v, at, d.price);
    at = float8(v, at, d.profit);
    at = float8(v, at, d.commission);
    at = float8(v, at, d.fee);
    at = float8(v, at, d.swap);
    at = text(out, v, at, d.comment);
    at = int8(v, at, d.time_msc);
    for (const m of [d.hedging, d.netting]) {
      at = int8(v, at, m.position);
      at = int8(v, at, m.magic);
      at = int2(v, at, m.reason);
    }
    rows.wrote(at);
  }

  order(o: OrderOwnPart): void {
    const rows = this.rows.import_orders;
    const room = rows.room(ORDER_FIXED + textBound(o.symbol) + textBound(o.comment));
    const { out, v } = room;
    let at = row(v, room.at, COLUMNS.import_orders);
    at = int8(v, at, ++this.orders);
    at = int8(v, at, o.ticket);
    at = text(out, v, at, o.symbol);
    at = int2(v, at, o.type);
    at = int2(v, at, o.state);
    at = float8(v, at, o.volume_initial);
    at = float8(v, at, o.volume_current);
    at = o.price === null ? nullField(v, at) : float8(v, at, o.price);
    at = float8(v, at, o.sl);
    at = float8(v, at, o.tp);
    at = int8(v, at, o.time_setup_msc);
    at = int8(v, at, o.time_done_msc);
    at = text(out, v, at, o.comment);
    at = o.comment_reason === null ? nullField(v, at) : int2(v, at, o.comment_reason);
    rows.wrote(at);
  }

  /** Sends the rows read so far, waiting while the database is behind. */
  async pace(): Promise<void> {
    // the table being copied first: a report's orders come before its deals
    const tables: Table[] =
      this.copy?.table === 'import_deals'
        ? ['import_deals', 'import_orders']
        : ['import_orders', 'import_deals'];
    for (const table of tables) {
      const rows = this.rows[table];
      rows.cut();
      if (rows.blocks.length === 0) continue;
      const stream = await this.copyInto(table);
      for (const block of rows.blocks.splice(0)) {
        if (!stream.write(block)) await once(stream, 'drain');
      }
    }
  }

  /** Everything read is in the staging tables, and the connection free for queries. */
  async end(): Promise<void> {
    await this.pace();
    await this.endCopy();
  }

  private async copyInto(table: Table): Promise<ReturnType<typeof copyFrom>> {
    if (this.copy?.table === table) return this.copy.stream;
    await this.endCopy();
    // the columns in the order the rows are written
    const stream = this.client.query(copyFrom(`COPY ${table} FROM STDIN (FORMAT binary)`));
    // a failure is met by the write or end that waits on the stream; never an uncaught error
    stream.on('error', () => undefined);
    stream.write(COPY_HEADER);
    this.copy = { table, stream };
    return stream;
  }

  /**
   * Ends a COPY under way without its rows (a CopyFail: the statement fails, the connection
   * stays usable for the ROLLBACK that follows).
   */
  async abort(): Promise<void> {
    const copy = this.copy;
    if (copy === null) return;
    this.copy = null;
    copy.stream.destroy(new Error('import refused'));
    await finished(copy.stream).catch(() => undefined);
  }

  private async endCopy(): Promise<void> {
    const copy = this.copy;
    if (copy === null) return;
    const trailer = Buffer.alloc(2);
    trailer.writeInt16BE(-1);
    copy.stream.end(trailer);
    await finished(copy.stream);
    this.copy = null;
  }
}
