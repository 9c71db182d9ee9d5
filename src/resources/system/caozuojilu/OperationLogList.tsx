import { useMemo, useState } from 'react';
import { useDataProvider, useRecordContext, useTranslate } from 'react-admin';
import {
  Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, FormControlLabel, Stack, Switch, Table, TableBody, TableCell, TableHead, TableRow, Typography,
} from '@mui/material';
import CompareArrowsIcon from '@mui/icons-material/CompareArrows';
import { useQuery } from '@tanstack/react-query';
import { ListScreen } from '../../../components/list/ListScreen';
import type { Column } from '../../../components/list/columns';
import { filterInputs, type FilterSpec } from '../../../components/list/filters';
import { RowIconButton } from '../../../components/list/RowButtons';
import { useFormatDateTime } from '../../../components/dateTime';
import type { MeteringDataProvider } from '../../../data/dataProvider';
import { fieldChanges, valueText } from './diff';
import { ActionText, EntityText, UserText, actionText, entityText, userText } from './words';

interface OperationRecord {
  id: number; createdAt: string; userId: number | null; userName: string | null; areaId: number; areaName: string | null; call: string | null;
  action: string; entity: string; entityId: string | null; before: unknown; after: unknown;
}

const COLUMNS: Column<OperationRecord & { id: number }>[] = [
  { source: 'createdAt', kind: 'datetime', priority: 1 },
  { source: 'userName', priority: 1, render: (record) => <UserText record={record} />, csv: (record, translate) => userText(translate, record) },
  { source: 'areaName', priority: 2, sortable: false },
  { source: 'call', kind: 'code', priority: 2, sortable: false, minWidth: 220 },
  // In words (issue 42: the tenant's own sign-ins and reports too); the code itself in the details dialog and the filter's search.
  { source: 'entity', priority: 1, render: (record) => <EntityText value={record.entity} />, csv: (record, translate) => entityText(translate, record.entity) },
  { source: 'action', priority: 1, render: (record) => <ActionText value={record.action} />, csv: (record, translate) => actionText(translate, record.action) },
  { source: 'entityId', kind: 'code', priority: 1, sortable: false },
  {
    source: 'changes', sortable: false, priority: 2,
    render: (record) => fieldChanges(record.before, record.after).filter((change) => change.changed).map((change) => change.field).slice(0, 6).join(', '),
    csv: false,
  },
  { source: 'before', sortable: false, hidden: true, render: (record) => valueText(record.before).slice(0, 80), csv: (record) => valueText(record.before) },
  { source: 'after', sortable: false, hidden: true, render: (record) => valueText(record.after).slice(0, 80), csv: (record) => valueText(record.after) },
];

/** Before and after of one operation, field by field. */
function DiffDialog({ record, onClose }: { record: OperationRecord; onClose: () => void }) {
  const translate = useTranslate();
  const format = useFormatDateTime();
  const [changedOnly, setChangedOnly] = useState(true);
  const changes = fieldChanges(record.before, record.after);
  const changed = changes.filter((change) => change.changed);
  // Only a change of both sides filters; an operation that changed no shown field (a password reset) shows them all.
  const shown = changedOnly && record.before != null && record.after != null && changed.length ? changed : changes;
  return (
    <Dialog open onClose={onClose} maxWidth="md" fullWidth onClick={(event) => event.stopPropagation()}>
      <DialogTitle>{translate('system.diffTitle', { id: record.id })}</DialogTitle>
      <DialogContent>
        <Stack direction="row" sx={{ gap: 2, flexWrap: 'wrap', mb: 1 }}>
          <Typography variant="body2">{format(record.createdAt)}</Typography>
          <Typography variant="body2">{userText(translate, record)}</Typography>
          <Typography variant="body2">{record.areaName}</Typography>
          <Typography variant="body2" sx={{ fontFamily: 'monospace' }}>{record.call}</Typography>
          <Typography variant="body2">{entityText(translate, record.entity)} #{record.entityId} · {actionText(translate, record.action)}</Typography>
          <Typography variant="body2" sx={{ fontFamily: 'monospace' }} color="text.secondary">{record.entity} · {record.action}</Typography>
        </Stack>
        <FormControlLabel control={<Switch size="small" checked={changedOnly} onChange={(event) => setChangedOnly(event.target.checked)} />} label={translate('system.diffChangedOnly')} />
        {changes.length === 0 ? (
          <Typography color="text.secondary">{translate('system.diffNone')}</Typography>
        ) : (
          <Table size="small" aria-label={translate('system.diffTitle', { id: record.id })}>
            <TableHead>
              <TableRow>
                <TableCell>{translate('system.diffField')}</TableCell>
                <TableCell>{translate('system.diffBefore')}</TableCell>
                <TableCell>{translate('system.diffAfter')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {shown.map((change) => (
                <TableRow key={change.field} sx={change.changed ? { bgcolor: 'action.hover' } : undefined}>
                  <TableCell sx={{ fontFamily: 'monospace', fontWeight: change.changed ? 600 : 400 }}>{change.field}</TableCell>
                  <TableCell sx={{ wordBreak: 'break-all', color: change.changed ? 'error.main' : undefined }}>{valueText(change.before)}</TableCell>
                  <TableCell sx={{ wordBreak: 'break-all', color: change.changed ? 'success.main' : undefined }}>{valueText(change.after)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </DialogContent>
      <DialogActions><Button onClick={onClose}>{translate('ra.action.close')}</Button></DialogActions>
    </Dialog>
  );
}

function DiffButton() {
  const record = useRecordContext<OperationRecord & { id: number }>();
  const [open, setOpen] = useState(false);
  if (!record) return null;
  return (
    <>
      <RowIconButton label="system.details" icon={<CompareArrowsIcon fontSize="small" />} onClick={() => setOpen(true)} />
      {open && <DiffDialog record={record} onClose={() => setOpen(false)} />}
    </>
  );
}

/** The record kinds and actions of the operator's log, as filter choices. */
function useFilters(): FilterSpec[] {
  const dataProvider = useDataProvider<MeteringDataProvider>();
  const translate = useTranslate();
  const { data } = useQuery({
    queryKey: ['caozuojilu', 'entities'],
    queryFn: () => dataProvider.invoke<{ entities: string[]; actions: string[] }>('caozuojilu', 'entities'),
    staleTime: 60_000,
  });
  return useMemo(() => [
    { source: 'q', kind: 'search', alwaysOn: true },
    { source: 'entity', kind: 'choice', alwaysOn: true, choices: (data?.entities ?? []).map((id) => ({ id, name: entityText(translate, id) })) },
    { source: 'action', kind: 'choice', alwaysOn: true, choices: (data?.actions ?? []).map((id) => ({ id, name: actionText(translate, id) })) },
    { source: 'createdAt', kind: 'dateRange', alwaysOn: true },
  ] as FilterSpec[], [data, translate]);
}

export default function OperationLogList() {
  const filters = useFilters();
  return (
    <Box>
      <ListScreen<OperationRecord & { id: number }>
        columns={COLUMNS} filters={filterInputs('caozuojilu', filters)} rowActions={<DiffButton />}
        sort={{ field: 'createdAt', order: 'DESC' }} deletable={false}
      />
    </Box>
  );
}
