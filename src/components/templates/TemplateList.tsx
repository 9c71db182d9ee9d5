import { useMemo, type ReactNode } from 'react';
import { useResourceContext, type RaRecord } from 'react-admin';
import { ListScreen } from '../list/ListScreen';
import type { Column } from '../list/columns';
import { filterInputs } from '../list/filters';
import { RowEditButton } from '../list/RowButtons';
import { DeviceActionsProvider } from '../devices/DeviceActions';
import { UsedByCell } from './UsedBy';
import { PushOfferPrompt, PushRowButton } from './PushToMeters';

/**
 * The list of a basic-parameter template (DESIGN.md "Kits": template CRUD): name, the screen's own
 * columns, "used by N meters" (opening the list of them), remark, created; search by name; edit
 * per row. A parameter set (`setKind`) also pushes to its meters through the device action flow,
 * from its row and when a save of a set in use offers it.
 */
export function TemplateList<R extends RaRecord>({ columns, setKind, usedByUnit = 'meters', toolbar }: {
  columns: Column<R>[];
  setKind?: string;
  usedByUnit?: 'meters' | 'templates';
  toolbar?: ReactNode;
}) {
  const resource = useResourceContext()!;
  const all = useMemo<Column<R>[]>(() => [
    { source: 'name', priority: 1, minWidth: 140 },
    ...columns,
    { source: 'usedBy', kind: 'number', sortable: false, priority: 1, render: () => <UsedByCell unit={usedByUnit} />, csv: (record) => (record as unknown as { usedBy: number }).usedBy },
    { source: 'remark', sortable: false, priority: 3 },
    { source: 'createdAt', kind: 'datetime', sortable: false, hidden: true },
  ], [columns, usedByUnit]);
  const filters = useMemo(() => filterInputs(resource, [{ source: 'q', kind: 'search', alwaysOn: true }]), [resource]);
  const rowActions = useMemo(() => <><RowEditButton />{setKind && <PushRowButton setKind={setKind} resource={resource} />}</>, [setKind, resource]);
  return (
    <DeviceActionsProvider>
      <ListScreen<R> columns={all} filters={filters} rowActions={rowActions} toolbar={toolbar} sort={{ field: 'id', order: 'ASC' }}>
        {setKind && <PushOfferPrompt setKind={setKind} resource={resource} />}
      </ListScreen>
    </DeviceActionsProvider>
  );
}
