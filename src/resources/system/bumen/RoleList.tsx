import { Box, Chip } from '@mui/material';
import { useTranslate } from 'react-admin';
import { ListScreen } from '../../../components/list/ListScreen';
import type { Column } from '../../../components/list/columns';
import { filterInputs } from '../../../components/list/filters';
import { RowEditButton } from '../../../components/list/RowButtons';
import { ACCESS, ROLE_FILTERS, type Role } from './model';

function RoleName({ record }: { record: Role }) {
  const translate = useTranslate();
  return (
    <Box component="span" sx={{ display: 'inline-flex', gap: 0.5, alignItems: 'center', flexWrap: 'wrap' }}>
      {record.name}
      {record.platformAdmin && <Chip size="small" color="warning" variant="outlined" label={translate('system.platformAdmin')} />}
    </Box>
  );
}

const COLUMNS: Column<Role>[] = [
  { source: 'name', priority: 1, minWidth: 140, render: (record) => <RoleName record={record} />, csv: (record) => record.name },
  { source: 'readOnly', kind: 'state', states: ACCESS, priority: 1 },
  { source: 'areaName', priority: 2, sortable: false },
  { source: 'userCount', kind: 'number', priority: 1, sortable: false },
  { source: 'resourceCount', kind: 'number', priority: 2, sortable: false, render: (record) => record.pageCount, csv: (record) => record.pageCount },
  { source: 'remark', sortable: false, priority: 3 },
  { source: 'createdAt', kind: 'datetime', priority: 3 },
];

export default function RoleList() {
  return <ListScreen<Role> columns={COLUMNS} filters={filterInputs('bumen', ROLE_FILTERS)} rowActions={<RowEditButton />} deletable={false} />;
}
