import { useState } from 'react';
import { Button, useDataProvider, useListContext, useNotify, useTranslate } from 'react-admin';
import { useQuery } from '@tanstack/react-query';
import {
  Alert, Box, Button as MuiButton, Checkbox, Chip, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, LinearProgress,
  Table, TableBody, TableCell, TableHead, TableRow, TextField, Typography,
} from '@mui/material';
import CompareArrowsIcon from '@mui/icons-material/CompareArrows';
import ReplayIcon from '@mui/icons-material/Replay';
import type { MeteringDataProvider } from '../../../data/dataProvider';
import { ListScreen } from '../../../components/list/ListScreen';
import { filterInputs } from '../../../components/list/filters';
import { DeviceActionsProvider, useCanCommand, useDeviceActions } from '../../../components/devices/DeviceActions';
import type { ResultColumn } from '../../../components/devices/CommandProgress';
import { useCountOf } from '../../../components/delete/DeleteWithImpact';
import { COMMAND_POLL_MS } from '../../../config';
import { formatYuan } from '../../../../common/money';
import { electricColumns } from '../../devices/electric/columns';
import { ELECTRIC_FILTERS, ROOM_SORT, type ElectricMeter } from '../../devices/electric/model';

const COLUMNS = electricColumns();

/** One compare as rechargeCalibration/findComparison answers it. */
export interface Comparison {
  id: number; meterId: number; meterAddress: string | null; roomCode: string | null; buildingName: string | null;
  state: 'queued' | 'sent' | 'succeeded' | 'failed' | 'expired'; resultCode: string | null;
  platformBalanceFen: number | null; platformSaleCount: number | null; meterBalanceFen: number | null; meterSaleCount: number | null;
  balanceDiffFen: number | null; saleCountDiff: number | null; differs: boolean;
}

const money = (fen: number | null | undefined) => (typeof fen === 'number' ? formatYuan(fen) : '');
const signedMoney = (fen: number | null) => (fen === null ? '' : fen > 0 ? `+${formatYuan(fen)}` : formatYuan(fen));
const signed = (n: number | null) => (n === null ? '' : n > 0 ? `+${n}` : String(n));
const finished = (state: string) => state === 'succeeded' || state === 'failed' || state === 'expired';
const COLORS = { queued: 'default', sent: 'info', succeeded: 'success', failed: 'error', expired: 'warning' } as const;

/** The correction's result per meter: the meter's figures before and after the write. */
const CORRECT_COLUMNS: ResultColumn[] = [
  { label: 'calibration.recharge.meterBefore', align: 'right', render: (command) => `${money(command.result?.meterBalanceFenBefore as number)} · ${String(command.result?.meterSaleCountBefore ?? '')}` },
  { label: 'calibration.recharge.meterAfter', align: 'right', render: (command) => `${money(command.result?.meterBalanceFen as number)} · ${String(command.result?.meterSaleCount ?? '')}` },
];

/**
 * The compare of chosen meters, live: each meter's purchase count and remaining amount beside the
 * platform's sale counter and balance, the differences; the operator ticks the meters to correct,
 * gives the reason, and the corrections are queued (their progress in the device action flow).
 */
export function CompareDialog({ resource, ids: initialIds, onClose }: { resource: string; ids: number[]; onClose: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<MeteringDataProvider>();
  const { track } = useDeviceActions();
  const [ids, setIds] = useState(initialIds);
  const [ticked, setTicked] = useState<Set<number>>(new Set());
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const [running, setRunning] = useState(false);
  const { data = [] } = useQuery({
    queryKey: ['calibrationCompare', ids],
    queryFn: () => dataProvider.invoke<Comparison[]>(resource, 'findComparison', { ids: ids.join(',') }),
    refetchInterval: (query) => (query.state.data && query.state.data.length === ids.length && query.state.data.every((row) => finished(row.state)) ? false : COMMAND_POLL_MS),
  });
  const done = data.filter((row) => finished(row.state)).length;
  const allDone = data.length === ids.length && done === ids.length;
  const differing = data.filter((row) => row.state === 'succeeded' && row.differs);
  const failed = data.filter((row) => row.state === 'failed' || row.state === 'expired');
  const reasonMissing = reason.trim() === '';
  const toggle = (id: number) => setTicked((previous) => {
    const next = new Set(previous);
    if (next.has(id)) next.delete(id); else next.add(id);
    return next;
  });
  const correct = async () => {
    setTouched(true);
    if (reasonMissing || !ticked.size) return;
    setRunning(true);
    try {
      const { ids: queued, unchanged } = await dataProvider.invoke<{ ids: number[]; unchanged: number }>(resource, 'correct', { commandIds: [...ticked], reason: reason.trim() });
      if (unchanged) notify('calibration.recharge.unchanged', { type: 'info', messageArgs: { smart_count: unchanged } });
      onClose();
      track('calibration.recharge.correctAction', queued);
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    } finally {
      setRunning(false);
    }
  };
  const retry = async () => {
    try {
      const { ids: again } = await dataProvider.invoke<{ ids: number[] }>('commands', 'retry', { ids: failed.map((row) => row.id) });
      const gone = new Set(failed.map((row) => row.id));
      setIds((previous) => [...previous.filter((id) => !gone.has(id)), ...again]);
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    }
  };
  return (
    <Dialog open onClose={onClose} maxWidth="lg" fullWidth>
      <DialogTitle>{translate('calibration.recharge.compareTitle')}</DialogTitle>
      <DialogContent>
        <LinearProgress variant="determinate" value={ids.length ? (done / ids.length) * 100 : 0} sx={{ height: 8, borderRadius: 4, mb: 1 }} />
        <Typography variant="body2" role="status" sx={{ mb: 1 }}>
          {translate('calibration.recharge.progress', { done, total: ids.length, differing: differing.length, failed: failed.length })}
        </Typography>
        <Alert severity="info" sx={{ mb: 1 }}>{translate('calibration.recharge.rule')}</Alert>
        <Box sx={{ maxHeight: 360, overflow: 'auto', border: 1, borderColor: 'divider', borderRadius: 1 }}>
          <Table size="small" stickyHeader aria-label={translate('calibration.recharge.compareTitle')}>
            <TableHead>
              <TableRow>
                <TableCell padding="checkbox">
                  <Checkbox
                    size="small" inputProps={{ 'aria-label': translate('calibration.recharge.tickAll') }}
                    disabled={!differing.length} checked={differing.length > 0 && differing.every((row) => ticked.has(row.id))}
                    onChange={(event) => setTicked(event.target.checked ? new Set(differing.map((row) => row.id)) : new Set())}
                  />
                </TableCell>
                <TableCell>{translate('calibration.recharge.meter')}</TableCell>
                <TableCell>{translate('calibration.recharge.room')}</TableCell>
                <TableCell>{translate('commands.state')}</TableCell>
                <TableCell align="right">{translate('calibration.recharge.platformSaleCount')}</TableCell>
                <TableCell align="right">{translate('calibration.recharge.meterSaleCount')}</TableCell>
                <TableCell align="right">{translate('calibration.recharge.platformBalance')}</TableCell>
                <TableCell align="right">{translate('calibration.recharge.meterBalance')}</TableCell>
                <TableCell align="right">{translate('calibration.recharge.difference')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {data.map((row) => {
                const canTick = row.state === 'succeeded' && row.differs;
                return (
                  <TableRow key={row.id} selected={ticked.has(row.id)}>
                    <TableCell padding="checkbox">
                      <Checkbox size="small" disabled={!canTick} checked={ticked.has(row.id)} onChange={() => toggle(row.id)}
                        inputProps={{ 'aria-label': translate('calibration.recharge.tick', { address: row.meterAddress ?? '' }) }} />
                    </TableCell>
                    <TableCell sx={{ fontVariantNumeric: 'tabular-nums' }}>{row.meterAddress}</TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{[row.buildingName, row.roomCode].filter(Boolean).join(' ')}</TableCell>
                    <TableCell>
                      <Chip size="small" variant="outlined" color={COLORS[row.state]} label={translate(`commands.states.${row.state}`)} />
                      {(row.state === 'failed' || row.state === 'expired') && row.resultCode && (
                        <Typography component="span" variant="caption" color="error" sx={{ ml: 1 }}>{translate(`commands.reasons.${row.resultCode}`, { _: row.resultCode })}</Typography>
                      )}
                    </TableCell>
                    <TableCell align="right">{row.platformSaleCount ?? ''}</TableCell>
                    <TableCell align="right">{row.meterSaleCount ?? ''}</TableCell>
                    <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>{money(row.platformBalanceFen)}</TableCell>
                    <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>{money(row.meterBalanceFen)}</TableCell>
                    <TableCell align="right" sx={{ whiteSpace: 'nowrap', color: row.differs ? 'warning.main' : undefined }}>
                      {row.state !== 'succeeded' ? '' : row.differs
                        ? [signedMoney(row.balanceDiffFen), row.saleCountDiff ? translate('calibration.recharge.countDiff', { value: signed(row.saleCountDiff) }) : ''].filter(Boolean).join(' · ')
                        : translate('calibration.recharge.agrees')}
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </Box>
        {allDone && !differing.length && !failed.length && <Alert severity="success" sx={{ mt: 1 }}>{translate('calibration.recharge.nothingDiffers')}</Alert>}
        <TextField
          label={translate('calibration.recharge.reason')} value={reason} onChange={(event) => setReason(event.target.value)} onBlur={() => setTouched(true)}
          required fullWidth size="small" sx={{ mt: 2 }} slotProps={{ htmlInput: { maxLength: 200 } }}
          error={touched && reasonMissing} helperText={touched && reasonMissing ? translate('calibration.recharge.reasonRequired') : ' '}
        />
      </DialogContent>
      <DialogActions>
        {failed.length > 0 && allDone && (
          <MuiButton startIcon={<ReplayIcon />} onClick={retry}>{translate('commands.retryFailed', { smart_count: failed.length })}</MuiButton>
        )}
        <MuiButton onClick={onClose}>{translate('ra.action.close')}</MuiButton>
        <MuiButton variant="contained" disabled={running || !ticked.size} onClick={correct}>
          {translate('calibration.recharge.correct', { smart_count: ticked.size })}
        </MuiButton>
      </DialogActions>
    </Dialog>
  );
}

/** Bulk action: compare the selected meters (confirmed with the count), then the compare dialog. */
function CompareButton() {
  const translate = useTranslate();
  const notify = useNotify();
  const countOf = useCountOf();
  const dataProvider = useDataProvider<MeteringDataProvider>();
  const { selectedIds, onUnselectItems, resource } = useListContext();
  const canCommand = useCanCommand();
  const [confirming, setConfirming] = useState(false);
  const [running, setRunning] = useState(false);
  const [compareIds, setCompareIds] = useState<number[] | null>(null);
  if (!canCommand) return null;
  const confirm = async () => {
    setRunning(true);
    try {
      const { ids } = await dataProvider.invoke<{ ids: number[] }>(resource, 'compare', { meterIds: selectedIds });
      onUnselectItems();
      setConfirming(false);
      setCompareIds(ids);
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    } finally {
      setRunning(false);
    }
  };
  return (
    <>
      <Button label="calibration.recharge.compare" onClick={() => setConfirming(true)}><CompareArrowsIcon /></Button>
      <Dialog open={confirming} onClose={() => setConfirming(false)} maxWidth="sm" fullWidth>
        <DialogTitle>{translate('calibration.recharge.compare')}</DialogTitle>
        <DialogContent>
          <DialogContentText role="status">{translate('calibration.recharge.compareQuestion', { count: countOf(selectedIds.length) })}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <MuiButton onClick={() => setConfirming(false)}>{translate('ra.action.cancel')}</MuiButton>
          <MuiButton variant="contained" disabled={running} onClick={confirm}>{translate('ra.action.confirm')}</MuiButton>
        </DialogActions>
      </Dialog>
      {compareIds && <CompareDialog resource={resource} ids={compareIds} onClose={() => setCompareIds(null)} />}
    </>
  );
}

/**
 * 充值校准 (recharge calibration): choose meters, read their purchase count and remaining amount,
 * see the differences from the platform's sale counter and balance, correct the ticked meters to
 * the platform's figures (the platform is the truth); each correction the meter takes is a record
 * of 充值校准记录.
 */
export default function RechargeCalibrationList() {
  return (
    <DeviceActionsProvider resultColumns={CORRECT_COLUMNS}>
      <ListScreen<ElectricMeter>
        columns={COLUMNS}
        filters={filterInputs('chongzhijiaozhun', ELECTRIC_FILTERS)}
        sort={ROOM_SORT}
        deletable={false}
        bulkActions={<CompareButton />}
      />
    </DeviceActionsProvider>
  );
}
