/**
 * What deleting a reading with its charge refunded recounts (issue 31; server/domain/readingRecount.ts),
 * as the deleted reading keeps it (readings.recount), the delete's preview answers it and the
 * deleted-readings screen shows it. Quantities in kWh or m³ (two decimals), money in fen.
 */

/** One reading after the deleted one whose usage (and so its charge) the deletion changed. */
export interface RecountChange {
  id: number;
  /** The reading's instant (ISO). */
  readAt: string;
  roomId: number | null;
  consumption: [before: number, after: number];
  costFen: [before: number, after: number];
  freeUsed: [before: number, after: number];
  sinceAt: [before: string | null, after: string | null];
  usageRates: [before: number[] | null, after: number[] | null];
}

export interface RecountRecord {
  /** The deleted reading's own charge as it stood (restored with it). */
  own: { consumption: number; costFen: number; freeUsed: number };
  /** Free allowance given back with the deleted reading (kWh or m³). */
  freeReturned: number;
  /** The reading after it that starts the meter's count now that it is gone (it started one itself). */
  startPassedTo: number | null;
  changes: RecountChange[];
  /** The deleted reading started its meter's count and was the latest: the meter's next read starts a new one. */
  rebased: boolean;
  /** The signed sum of every posting of the deletion (its refund and the corrections), in fen: + credits the account. */
  postedFen: number;
}
