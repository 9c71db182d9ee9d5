/** One field of an operation record's before/after, side by side. */
export interface FieldChange { field: string; before: unknown; after: unknown; changed: boolean }

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The fields of a record before and after an operation, side by side: every field either side has
 * (a value that is not an object is one field, `value`), in the order the record gives them, each
 * marked changed or not (compared as JSON). When both sides are records (an update), a field only
 * one side has is not a change: the two snapshots are not always of the same shape (the screen's
 * row before, with its project's and tenant's names and counts; the table's row after), and such a
 * field listed every update as changing its tenant, project and counts (issue 46).
 */
export function fieldChanges(before: unknown, after: unknown): FieldChange[] {
  const b = isObject(before) ? before : before == null ? {} : { value: before };
  const a = isObject(after) ? after : after == null ? {} : { value: after };
  const both = isObject(before) && isObject(after);
  const fields = [...new Set([...Object.keys(b), ...Object.keys(a)])];
  return fields.map((field) => ({
    field, before: b[field], after: a[field],
    changed: (!both || (Object.hasOwn(b, field) && Object.hasOwn(a, field))) && JSON.stringify(b[field]) !== JSON.stringify(a[field]),
  }));
}

/** A value as one line of text (objects as JSON). */
export const valueText = (value: unknown): string => (value === undefined ? '' : value === null ? '—' : typeof value === 'object' ? JSON.stringify(value) : String(value));
