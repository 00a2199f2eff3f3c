// Types for the vendored JavaScript (ours, not upstream's): what the test reads of it.
export interface ReportPosition {
  openTime: number;
  posId: number;
  symbol: string;
  /** 1 long, 2 short. */
  type: number;
  magic: number;
  volume: number;
  openPrice: number;
  closeTime: number;
  closePrice: number;
  profit: number;
}
export function parsePositions(ast: unknown): ReportPosition[];
