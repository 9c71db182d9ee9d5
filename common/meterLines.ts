/**
 * A statement's readings per meter (issue 39): one line per run of a meter's readings in the room that
 * the month touches — a run starts at the meter's first reading, or its first after a replacement or
 * reset was recorded — in time order. A room whose meter was replaced in the month has two lines: the
 * old meter's up to its last reading, the new meter's from its first. The statement's opening reading
 * is its first line's and its closing reading its last line's, so statements chain across a
 * replacement; the lines' usages add up to the statement's usage.
 */
export interface MeterLine {
  meterId: number;
  /** The meter's address now (a meter that was given a new address shows its new one on both lines). */
  address: string | null;
  /** When the opening reading was taken (ISO). */
  openingAt: string;
  openingReading: number;
  /** When the closing reading was taken (ISO); null when the run has no reading up to the month's end. */
  closingAt: string | null;
  closingReading: number | null;
  /** The run's usage in the month, by the usage rule. */
  usage: number;
}

const reading = (value: number | null) => (value === null ? '—' : value.toFixed(2));

/**
 * A statement's lines as text, for an export: "address: opening → closing (usage)" per meter, joined
 * by "; "; empty for a statement of one meter (its readings are the statement's own).
 */
export function meterLinesText(lines: MeterLine[] | null | undefined): string {
  if (!lines || lines.length < 2) return '';
  return lines.map((line) => `${line.address ?? `#${line.meterId}`}: ${reading(line.openingReading)} → ${reading(line.closingReading)} (${reading(line.usage)})`).join('; ');
}
