import { useState } from 'react';
import { Button, Confirm, useDataProvider, useListContext, useNotify, useTranslate } from 'react-admin';
import { useMutation } from '@tanstack/react-query';
import SpeedIcon from '@mui/icons-material/Speed';
import type { MeteringDataProvider } from '../../../data/dataProvider';
import { useCanCommand, useDeviceActions } from '../../../components/devices/DeviceActions';
import { ScopedActionDialog, type BulkScope } from '../../../components/bulk/ScopedActionDialog';
import { WATER_FILTERS } from '../waterarchive/model';

const RESOURCE = 'waterstate';
/** command/create takes at most this many devices at once. */
export const READ_MAX = 5000;
const PAGE = 100;
const ACTION = 'waterScreens.readAction';

const useReadCommand = () => {
  const dataProvider = useDataProvider<MeteringDataProvider>();
  return (ids: number[]) => dataProvider.invoke<{ ids: number[] }>(RESOURCE, 'read', { deviceKind: 'water', deviceIds: ids, type: 'read' });
};

/** Bulk action: read the selected meters now (command/create type read), then their progress. */
export function ReadSelectedButton() {
  const translate = useTranslate();
  const notify = useNotify();
  const read = useReadCommand();
  const { track } = useDeviceActions();
  const canCommand = useCanCommand();
  const { selectedIds, onUnselectItems } = useListContext();
  const [open, setOpen] = useState(false);
  const mutation = useMutation({
    mutationFn: () => read(selectedIds.map(Number)),
    onSuccess: ({ ids }) => { track(ACTION, ids); onUnselectItems(); },
    onError: (error: Error) => notify(error.message, { type: 'error' }),
    onSettled: () => setOpen(false),
  });
  if (!canCommand) return null;
  return (
    <>
      <Button label="waterScreens.readSelected" onClick={() => setOpen(true)}><SpeedIcon /></Button>
      <Confirm
        isOpen={open} loading={mutation.isPending} title="waterScreens.readSelected"
        content={translate('waterScreens.readSelectedConfirm', { smart_count: selectedIds.length })}
        onConfirm={() => mutation.mutate()} onClose={() => setOpen(false)}
      />
    </>
  );
}

/** Read every meter the list's filters match (e.g. all in this building), stating scope and count first. */
export function ReadAllButton() {
  const translate = useTranslate();
  const dataProvider = useDataProvider<MeteringDataProvider>();
  const read = useReadCommand();
  const { track } = useDeviceActions();
  const canCommand = useCanCommand();
  const [open, setOpen] = useState(false);
  if (!canCommand) return null;
  const filterOf = (scope: BulkScope) => scope.filter ?? {};
  const count = async (scope: BulkScope) =>
    (await dataProvider.getList(RESOURCE, { filter: filterOf(scope), pagination: { page: 1, perPage: 1 }, sort: { field: 'id', order: 'ASC' } })).total ?? 0;
  /** The ids the scope matches, page by page (at most READ_MAX: one command/create). */
  const idsOf = async (scope: BulkScope, expected: number) => {
    if (expected > READ_MAX) throw new Error(translate('waterScreens.tooMany', { max: READ_MAX }));
    const ids: number[] = [];
    for (let page = 1; ids.length < expected; page++) {
      const { data } = await dataProvider.getList(RESOURCE, { filter: filterOf(scope), pagination: { page, perPage: PAGE }, sort: { field: 'id', order: 'ASC' } });
      ids.push(...data.map((row) => Number(row.id)));
      if (data.length < PAGE) break;
    }
    return ids.slice(0, READ_MAX);
  };
  return (
    <>
      <Button label="waterScreens.readAll" onClick={() => setOpen(true)}><SpeedIcon /></Button>
      {open && (
        <ScopedActionDialog
          open
          title={translate('waterScreens.readAllTitle')}
          question={(counted) => translate('waterScreens.readAllConfirm', { count: counted })}
          filters={WATER_FILTERS}
          preview={count}
          run={async (scope, expected) => track(ACTION, (await read(await idsOf(scope, expected))).ids)}
          onClose={() => setOpen(false)}
        />
      )}
    </>
  );
}
