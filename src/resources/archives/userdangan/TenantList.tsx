import { ImportButton, type ImportColumn } from '../../../components/import/ImportButton';
import { ListScreen } from '../../../components/list/ListScreen';
import type { Column } from '../../../components/list/columns';
import { filterInputs } from '../../../components/list/filters';
import { RowEditButton } from '../../../components/list/RowButtons';
import { BOUND, ID_TYPE, TENANT_FILTERS, type Tenant } from './model';

/** The user archive's columns, declared once (table, column chooser, CSV). */
const COLUMNS: Column<Tenant>[] = [
  { source: 'name', priority: 1, minWidth: 90 },
  { source: 'phone', kind: 'code', priority: 1 },
  { source: 'idType', kind: 'state', states: ID_TYPE, sortable: false, priority: 3 },
  { source: 'idNumber', kind: 'code', priority: 2, minWidth: 170 },
  { source: 'bound', kind: 'state', states: BOUND, sortable: false, priority: 2 },
  { source: 'projectName', sortable: false, priority: 2 },
  { source: 'buildingName', sortable: false, priority: 2 },
  { source: 'roomCode', kind: 'code', sortable: false, priority: 1 },
  { source: 'bindingStart', sortable: false, priority: 3 },
  { source: 'remark', sortable: false, hidden: true },
  { source: 'createdAt', kind: 'datetime', priority: 3 },
];

/** The tenant file's columns (server/routes/tenantImport.ts); a room given by building and code binds the tenant to it. */
export const TENANT_IMPORT_COLUMNS: ImportColumn[] = [
  { name: 'name', required: true }, { name: 'phone' }, { name: 'idType' }, { name: 'idNumber' }, { name: 'remark' },
  { name: 'projectName' }, { name: 'buildingName' }, { name: 'roomCode' },
];

export default function TenantList() {
  return (
    <ListScreen<Tenant>
      columns={COLUMNS}
      filters={filterInputs('userdangan', TENANT_FILTERS)}
      toolbar={<ImportButton action="importTenants" columns={TENANT_IMPORT_COLUMNS} title="bindings.import.title" />}
      rowActions={<RowEditButton />}
    />
  );
}
