import { useDataProvider, useNotify } from 'react-admin';
import type { MeteringDataProvider } from '../../../data/dataProvider';
import { SET_KINDS, type SetKind } from '../electric/model';

const RESOURCE = 'dianbiaoguanli';
const setField = (kind: SetKind) => `${kind}SetId`;

/**
 * The meter form's parameter sets (issue 29): a set chosen on the form is not written to the meter's
 * record; the save is followed by one `set_parameter` command per changed kind (`command/create`),
 * and the meter's assignment changes only when its command succeeds (as on the assign screens).
 * Clearing a set (none) is the platform's own record and is saved with the form.
 */
export const SET_FIELDS = SET_KINDS.map(setField);

/** The set ids a save writes directly: only those cleared (null); a chosen set goes by command. */
export const writtenSetIds = (data: Record<string, unknown>) =>
  Object.fromEntries(SET_FIELDS.filter((field) => data[field] === null || data[field] === '').map((field) => [field, null]));

/** The kinds whose set was chosen anew (present, not null, different from before). */
export function changedSets(data: Record<string, unknown>, previous: Record<string, unknown> = {}): { setKind: SetKind; setId: number }[] {
  return SET_KINDS.flatMap((kind) => {
    const value = data[setField(kind)];
    return typeof value === 'number' && value !== previous[setField(kind)] ? [{ setKind: kind, setId: value }] : [];
  });
}

/** After a save: queues the changed sets' commands and says how many (or what went wrong). */
export function useQueueSets() {
  const dataProvider = useDataProvider<MeteringDataProvider>();
  const notify = useNotify();
  return async (meterId: number, data: Record<string, unknown>, previous?: Record<string, unknown>) => {
    const changes = changedSets(data, previous);
    if (!changes.length) return;
    try {
      for (const { setKind, setId } of changes) {
        await dataProvider.invoke(RESOURCE, 'queueSet', { deviceKind: 'electric', deviceIds: [meterId], type: 'set_parameter', payload: { setKind, setId } });
      }
      notify('electricSets.queued', { type: 'info', messageArgs: { smart_count: changes.length } });
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    }
  };
}
