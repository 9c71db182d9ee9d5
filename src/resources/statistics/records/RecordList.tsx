import type { ReactElement, ReactNode } from 'react';
import { TextInput, useResourceContext, type RaRecord, type SortPayload } from 'react-admin';
import { ListScreen } from '../../../components/list/ListScreen';
import type { Column } from '../../../components/list/columns';
import { filterInputs, type FilterSpec } from '../../../components/list/filters';
import { ListTotals, type TotalItem } from '../../../components/list/ListTotals';
import { ServerExportButton } from '../../../components/list/ServerExportButton';

/** The place filters every record list starts with (project, building; the room code beside them). */
export const PLACE_FILTERS: FilterSpec[] = [
  { source: 'projectId', kind: 'project', alwaysOn: true },
  { source: 'buildingId', kind: 'building', alwaysOn: true },
];

/**
 * A statistics record list (the third such screen made this a kit): columns and filters declared
 * once, the room code typed beside the pickers, the totals of the filtered set above the table,
 * the server's CSV of that set, nothing to create or delete.
 */
export function RecordList<R extends RaRecord>({ columns, filters, totals, sort, extra = [], rowActions }: {
  columns: Column<R>[]; filters: FilterSpec[]; totals: TotalItem[]; sort: SortPayload; extra?: ReactElement[];
  /** Buttons of each row (a fault record's tenant report). */
  rowActions?: ReactNode;
}) {
  const resource = useResourceContext()!;
  const inputs = [
    ...filterInputs(resource, filters),
    <TextInput key="roomCode" source="roomCode" label={`resources.${resource}.fields.roomCode`} alwaysOn resettable={false} sx={{ width: 120 }} />,
    ...extra,
  ];
  return <ListScreen<R> columns={columns} filters={inputs} sort={sort} deletable={false} rowActions={rowActions} summary={<ListTotals items={totals} />} exportButton={<ServerExportButton />} />;
}
