import { useState } from 'react';
import { useDataProvider, useRecordContext, useResourceContext, useTranslate, type RaRecord } from 'react-admin';
import {
  Box, Button as MuiButton, Chip, CircularProgress, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, Table, TableBody,
  TableCell, TableHead, TableRow, Typography,
} from '@mui/material';
import HistoryIcon from '@mui/icons-material/History';
import { useQuery } from '@tanstack/react-query';
import type { MeteringDataProvider } from '../../data/dataProvider';
import { RowIconButton } from '../list/RowButtons';
import { useFormatDateTime } from '../dateTime';
import { COMMAND_POLL_MS } from '../../config';

/** One set sent to a meter (parameterAssignment/findByMeter, the resource's `setHistory` call). */
export interface SetSent {
  id: number;
  setKind: string;
  setId: number;
  setName: string | null;
  state: string;
  resultCode: string | null;
  /** Queued and waiting for its module to come back online. */
  held?: boolean;
  operatorName: string | null;
  createdAt: string;
  finishedAt: string | null;
}

const COLORS: Record<string, 'default' | 'info' | 'success' | 'error' | 'warning'> = {
  queued: 'default', sent: 'info', succeeded: 'success', failed: 'error', expired: 'error',
};
const unfinished = (row: SetSent) => row.state === 'queued' || row.state === 'sent';

/**
 * The sets sent to a meter, latest first (at most 100), from the resource's `setHistory` call
 * (`parameterAssignment/findByMeter`): looked at again every second while one is under way.
 */
export function useSetHistory(meterId: RaRecord['id'] | undefined, resource?: string) {
  const current = useResourceContext();
  const name = resource ?? current!;
  const dataProvider = useDataProvider<MeteringDataProvider>();
  return useQuery({
    queryKey: [name, 'setHistory', meterId],
    queryFn: async () => (await dataProvider.invoke<{ records: SetSent[] }>(name, 'setHistory', { meterId })).records,
    enabled: meterId !== undefined,
    refetchInterval: (query) => (query.state.data?.some(unfinished) ? COMMAND_POLL_MS : false),
  });
}

/** How one send ended, in words: its state and reason, or "waiting for its module" while held. */
export function SetResult({ row }: { row: SetSent }) {
  const translate = useTranslate();
  if (row.state === 'queued' && row.held) return <Chip size="small" variant="outlined" color="warning" label={translate('commands.states.waiting')} />;
  const reason = row.resultCode && row.state !== 'succeeded' ? translate(`commands.reasons.${row.resultCode}`, { _: row.resultCode }) : '';
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 0.5 }}>
      <Chip size="small" variant="outlined" color={COLORS[row.state] ?? 'default'} label={translate(`commands.states.${row.state}`, { _: row.state })} />
      {reason && <Typography component="span" variant="caption" color="error.main">{reason}</Typography>}
    </Box>
  );
}

const kindLabel = (translate: ReturnType<typeof useTranslate>, kind: string) => translate(`specialAssign.progress.${kind}`, { _: kind });

/** The history as a table: when, which kind and set, by whom, how it ended. */
export function SetHistoryTable({ records }: { records: SetSent[] }) {
  const translate = useTranslate();
  const formatDateTime = useFormatDateTime();
  return (
    <Table size="small" aria-label={translate('specialAssign.history.table')}>
      <TableHead>
        <TableRow>
          <TableCell>{translate('specialAssign.history.at')}</TableCell>
          <TableCell>{translate('specialAssign.history.kind')}</TableCell>
          <TableCell>{translate('specialAssign.set')}</TableCell>
          <TableCell>{translate('specialAssign.history.operator')}</TableCell>
          <TableCell>{translate('specialAssign.history.state')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {records.map((row) => (
          <TableRow key={row.id}>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(row.createdAt)}</TableCell>
            <TableCell>{kindLabel(translate, row.setKind)}</TableCell>
            <TableCell>{row.setName ?? `#${row.setId}`}</TableCell>
            <TableCell>{row.operatorName ?? ''}</TableCell>
            <TableCell><SetResult row={row} /></TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/** The sets sent to a meter in a dialog (the list's row action, the record panel's "all"). */
export function SetHistoryDialog({ meter, resource, onClose }: { meter: RaRecord; resource?: string; onClose: () => void }) {
  const translate = useTranslate();
  const { data: records = [], isPending } = useSetHistory(meter.id, resource);
  return (
    <Dialog open onClose={onClose} maxWidth="md" fullWidth>
      <DialogTitle>{translate('specialAssign.history.title', { address: String(meter.address ?? meter.id) })}</DialogTitle>
      <DialogContent>
        {isPending ? <CircularProgress size={20} /> : !records.length
          ? <DialogContentText>{translate('specialAssign.history.empty')}</DialogContentText>
          : <SetHistoryTable records={records} />}
      </DialogContent>
      <DialogActions><MuiButton onClick={onClose}>{translate('ra.action.close')}</MuiButton></DialogActions>
    </Dialog>
  );
}

/** Row action: the sets sent to this meter. */
export function SetHistoryButton() {
  const record = useRecordContext();
  const [open, setOpen] = useState(false);
  if (!record) return null;
  return (
    <>
      <RowIconButton label="specialAssign.history.action" icon={<HistoryIcon fontSize="small" />} onClick={() => setOpen(true)} />
      {open && <SetHistoryDialog meter={record} onClose={() => setOpen(false)} />}
    </>
  );
}

/** How many sends the record panel lists (the latest); "all" opens the dialog with up to 100. */
const PANEL_ROWS = 5;

/**
 * The meter's set history in a record page's side panel (RecordAside children): the latest sends
 * as short lines — kind and set, result; when and by whom — and a button for all of them.
 */
export function SetHistoryPanel({ meter, resource }: { meter: RaRecord; resource?: string }) {
  const translate = useTranslate();
  const formatDateTime = useFormatDateTime();
  const { data: records = [], isPending } = useSetHistory(meter.id, resource);
  const [open, setOpen] = useState(false);
  return (
    <Box component="section" aria-label={translate('specialAssign.history.action')}>
      <Typography variant="subtitle2" sx={{ mb: 1 }}>{translate('specialAssign.history.action')}</Typography>
      {isPending ? <CircularProgress size={18} /> : !records.length ? (
        <Typography variant="body2" color="text.secondary">{translate('specialAssign.history.empty')}</Typography>
      ) : (
        <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', rowGap: 1 }}>
          {records.slice(0, PANEL_ROWS).map((row) => (
            <Box component="li" key={row.id} sx={{ display: 'grid', gridTemplateColumns: '1fr auto', columnGap: 1, alignItems: 'center' }}>
              <Typography variant="body2" sx={{ minWidth: 0 }}>
                {kindLabel(translate, row.setKind)} · <strong>{row.setName ?? `#${row.setId}`}</strong>
              </Typography>
              <SetResult row={row} />
              <Typography variant="caption" color="text.secondary" sx={{ gridColumn: '1 / -1' }}>
                {formatDateTime(row.createdAt)}{row.operatorName ? ` · ${row.operatorName}` : ''}
              </Typography>
            </Box>
          ))}
        </Box>
      )}
      {records.length > PANEL_ROWS && (
        <MuiButton size="small" startIcon={<HistoryIcon />} onClick={() => setOpen(true)} sx={{ mt: 1 }}>
          {translate('specialAssign.history.all', { smart_count: records.length })}
        </MuiButton>
      )}
      {open && <SetHistoryDialog meter={meter} resource={resource} onClose={() => setOpen(false)} />}
    </Box>
  );
}
