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
import { fieldLabel, recordName, screenTitles, screensText } from './labels';

interface OperationRecord {
  id: number; createdAt: string; userId: number | null; userName: string | null; areaId: number; areaName: string | null; call: string | null;
  /** The screens the call serves (route names), answered by the server beside the call. */
  screens?: string[];
  action: string; entity: string; entityId: string | null; before: unknown; after: unknown;
}

type Translate = (key: string, options?: Record<string, unknown>) => string;

/**
 * A cell of at most `width` px on one line, cut with an ellipsis, the whole text on hover: the
 * long texts (screens, changed fields) stay within the table at 1440 px, so that the row's
 * details button is never pushed under the window's edge.
 */
function Clipped({ text, width, code }: { text: string; width: number; code?: string }) {
  return (
    <Box component="span" title={code ? `${text}\n${code}` : text} sx={{ display: 'block', maxWidth: width, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
      {text}
    </Box>
  );
}

/** The call as the screens it serves (the API path on hover and in the details). */
function ScreensCell({ record }: { record: OperationRecord }) {
  const translate = useTranslate();
  const text = screensText(translate, record.screens);
  const all = screenTitles(translate, record.screens);
  return <Clipped text={text || (record.call ?? '')} width={200} code={[all !== text ? all : '', record.call ?? ''].filter(Boolean).join('\n') || undefined} />;
}

/** The record: its name where its values have one (a meter's address, a room, an account), and its number. */
function RecordCell({ record }: { record: OperationRecord }) {
  const name = recordName(record);
  const id = record.entityId ? `#${record.entityId}` : '';
  return <Clipped text={name ? `${name}${id ? ` ${id}` : ''}` : id} width={200} />;
}

/** The changed fields as the screens label them. */
const changesText = (translate: Translate, record: OperationRecord) =>
  fieldChanges(record.before, record.after).filter((change) => change.changed).map((change) => fieldLabel(translate, record, change.field)).join(translate('system.listJoin'));

function ChangesCell({ record }: { record: OperationRecord }) {
  const translate = useTranslate();
  return <Clipped text={changesText(translate, record)} width={240} />;
}

const COLUMNS: Column<OperationRecord & { id: number }>[] = [
  { source: 'createdAt', kind: 'datetime', priority: 1 },
  { source: 'userName', priority: 1, render: (record) => <UserText record={record} />, csv: (record, translate) => userText(translate, record) },
  // The operator's own area in most rows: left out below 1440 px (the column chooser shows it), so that the record and its changes fit.
  { source: 'areaName', priority: 3, sortable: false },
  // The screens of the call in words (the API path on hover, in the details dialog and in the export).
  {
    source: 'call', priority: 2, sortable: false, render: (record) => <ScreensCell record={record} />,
    csv: (record, translate) => `${screensText(translate, record.screens)} ${record.call ?? ''}`.trim(),
  },
  // In words (issue 42: the tenant's own sign-ins and reports too); the code itself in the details dialog and the filter's search.
  { source: 'entity', priority: 1, render: (record) => <EntityText value={record.entity} />, csv: (record, translate) => entityText(translate, record.entity) },
  { source: 'action', priority: 1, render: (record) => <ActionText value={record.action} />, csv: (record, translate) => actionText(translate, record.action) },
  {
    source: 'entityId', priority: 1, sortable: false, render: (record) => <RecordCell record={record} />,
    csv: (record) => [recordName(record), record.entityId].filter(Boolean).join(' #'),
  },
  { source: 'changes', sortable: false, priority: 2, render: (record) => <ChangesCell record={record} />, csv: (record, translate) => changesText(translate, record) },
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
          <Typography variant="body2">{screenTitles(translate, record.screens)}</Typography>
          <Typography variant="body2">
            {entityText(translate, record.entity)} {[recordName(record), record.entityId ? `#${record.entityId}` : ''].filter(Boolean).join(' ')} · {actionText(translate, record.action)}
          </Typography>
          <Typography variant="body2" sx={{ fontFamily: 'monospace' }} color="text.secondary">{record.call} · {record.entity} · {record.action}</Typography>
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
                  <TableCell sx={{ fontWeight: change.changed ? 600 : 400 }}>
                    {fieldLabel(translate, record, change.field)}
                    <Typography component="span" variant="caption" color="text.secondary" sx={{ fontFamily: 'monospace', display: 'block' }}>{change.field}</Typography>
                  </TableCell>
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

/** The record kinds, actions and operators of the operator's log, as filter choices. */
function useFilters(): FilterSpec[] {
  const dataProvider = useDataProvider<MeteringDataProvider>();
  const translate = useTranslate();
  const { data } = useQuery({
    queryKey: ['caozuojilu', 'entities'],
    queryFn: () => dataProvider.invoke<{ entities: string[]; actions: string[]; users?: string[] }>('caozuojilu', 'entities'),
    staleTime: 60_000,
  });
  return useMemo(() => [
    { source: 'q', kind: 'search', alwaysOn: true },
    // One operator's records (a tenant, who has no account, by the phone the log names them with).
    {
      source: 'userName', kind: 'choice', alwaysOn: true,
      choices: (data?.users ?? []).map((id) => ({ id, name: userText(translate, { userId: /^租户\s/.test(id) ? null : 0, userName: id }) })),
    },
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
