/** What the database says of an account's deals: deals_version() of migration 0008. */
export interface DealsVersion {
  /** Deals stored, of every type. */
  count: number;
  maxTicket: number;
  /** Bumped by every delete. */
  epoch: number;
}
