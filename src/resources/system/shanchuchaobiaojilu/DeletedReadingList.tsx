import { useState } from 'react';
import { TextInput, useDataProvider, useNotify, useRecordContext, useRefresh, useResourceContext, useTranslate } from 'react-admin';
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, Typography } from '@mui/material';
import RestoreIcon from '@mui/icons-material/Restore';
import DeleteForeverIcon from '@mui/icons-material/DeleteForever';
import { ListScreen } from '../../../components/list/ListScreen';
import type { Column } from '../../../components/list/columns';
import { filterInputs, type FilterSpec } from '../../../components/list/filters';
import { ListTotals, type TotalItem } from '../../../components/list/ListTotals';
import { ServerExportButton } from '../../../components/list/ServerExportButton';
import { createRowDialog } from '../../../components/list/RowDialog';
import { RowIconButton } from '../../../components/list/RowButtons';
import { useResourceAccess } from '../../../auth/useResourceAccess';
import type { MeteringDataProvider } from '../../../data/dataProvider';
import { formatYuan } from '../../../../common/money';
import { PLACE_FILTERS } from '../../statistics/records/RecordList';
import { DialogRow } from '../../statistics/readings/DeleteReadingDialog';
import { UTILITY, placeOf, readingTime, type Reading } from '../../statistics/readings/model';
import { RecountCell, signedMoney } from '../../statistics/readings/RecountLines';

const COLUMNS: Column<Reading>[] = [
  { source: 'deletedAt', kind: 'datetime', priority: 1 },
  { source: 'deletedByName', priority: 1, sortable: false },
  { source: 'deleteReason', priority: 1, sortable: false, minWidth: 160 },
  { source: 'utility', kind: 'state', states: UTILITY, priority: 1, sortable: false },
  { source: 'readAt', kind: 'datetime', priority: 1 },
  { source: 'projectName', priority: 3, sortable: false },
  { source: 'buildingName', priority: 2, sortable: false },
  { source: 'roomCode', kind: 'code', priority: 1, sortable: false },
  { source: 'meterAddress', kind: 'code', priority: 2, sortable: false },
  { source: 'total', kind: 'quantity', priority: 2, sortable: false },
  { source: 'consumption', kind: 'quantity', priority: 1, sortable: false },
  { source: 'costFen', kind: 'money', priority: 1, sortable: false },
  { source: 'refundedFen', kind: 'money', priority: 1, sortable: false },
  {
    source: 'recount', priority: 2, sortable: false, minWidth: 110, render: (record) => <RecountCell recount={record.recount} />,
    csv: (record, translate) => (record.recount ? `${record.recount.changes.length} / ${translate('stats.readings.recount.netShort')} ${signedMoney(record.recount.postedFen)}` : ''),
  },
];

const FILTERS: FilterSpec[] = [
  { source: 'deleted', kind: 'dateRange', alwaysOn: true },
  { source: 'utility', kind: 'choice', alwaysOn: true, choices: [{ id: 'electric', name: 'stats.utility.electric' }, { id: 'water', name: 'stats.utility.water' }] },
  ...PLACE_FILTERS,
  { source: 'read', kind: 'dateRange' },
];

const TOTALS: TotalItem[] = [
  { source: 'count', label: 'stats.readings.totals.readings', kind: 'count' },
  { source: 'consumption', label: 'stats.readings.totals.usage', kind: 'quantity' },
  { source: 'costFen', label: 'stats.readings.totals.charged', kind: 'money' },
  { source: 'refundedFen', label: 'stats.readings.totals.refunded', kind: 'money' },
];

type Step = 'restore' | 'purge';

function StepForm({ reading, step, close }: { reading: Reading; step: Step; close: () => void }) {
  const translate = useTranslate();
  const resource = useResourceContext()!;
  const dataProvider = useDataProvider() as MeteringDataProvider;
  const notify = useNotify();
  const refresh = useRefresh();
  const [busy, setBusy] = useState(false);
  const T = `stats.readings.${step}`;
  const refunded = reading.refundedFen ?? 0;
  const submit = async () => {
    setBusy(true);
    try {
      await dataProvider.invoke(resource, step, { id: reading.id });
      notify(translate(`${T}.done`), { type: 'success' });
      close();
      refresh();
    } catch (error) {
      notify(error instanceof Error ? error.message : 'ra.notification.http_error', { type: 'error' });
      setBusy(false);
    }
  };
  const unit = reading.utility === 'water' ? 'm³' : 'kWh';
  return (
    <Dialog open onClose={busy ? undefined : close} maxWidth="xs" fullWidth aria-labelledby="reading-step-title">
      <DialogTitle id="reading-step-title">{translate(`${T}.title`, { time: readingTime(reading.readAt) })}</DialogTitle>
      <DialogContent>
        <Typography variant="body2" sx={{ mb: 1.5 }}>{translate(`${T}.explain`)}</Typography>
        <DialogRow label={translate('stats.readings.delete.room')} value={placeOf(reading) || translate('app.none')} />
        <DialogRow label={translate('stats.readings.delete.meter')} value={reading.meterAddress ?? ''} />
        <DialogRow label={translate('stats.readings.delete.reading')} value={`${Number(reading.total).toFixed(2)} ${unit} (+${Number(reading.consumption).toFixed(2)} ${unit})`} />
        <DialogRow label={translate('resources.shanchuchaobiaojilu.fields.deleteReason')} value={reading.deleteReason ?? ''} />
        {step === 'restore' && !!reading.recount?.changes.length && (
          <Alert severity="info" sx={{ mt: 1.5 }} data-testid="restore-recount">
            {translate('stats.readings.restore.recount', { smart_count: reading.recount.changes.length, net: signedMoney(0 - reading.recount.postedFen) })}
          </Alert>
        )}
        {step === 'restore' && (refunded > 0
          ? <Alert severity="warning" sx={{ mt: 1.5 }} data-testid="restore-recharge">{translate(`${T}.recharge`, { amount: formatYuan(refunded) })}</Alert>
          : <Alert severity="info" sx={{ mt: 1.5 }}>{translate(`${T}.noMoney`)}</Alert>)}
      </DialogContent>
      <DialogActions>
        <Button onClick={close} disabled={busy}>{translate('ra.action.cancel')}</Button>
        <Button onClick={submit} disabled={busy} color={step === 'purge' ? 'error' : 'primary'} variant="contained">{translate(`${T}.confirm`)}</Button>
      </DialogActions>
    </Dialog>
  );
}

const { Provider, useOpen } = createRowDialog<Reading & { step: Step }>((row, close) => <StepForm reading={row} step={row.step} close={close} />);

/** A row's restore and purge, to an operator who may edit. */
function StepButtons() {
  const record = useRecordContext<Reading>();
  const resource = useResourceContext();
  const open = useOpen();
  const { canAccess } = useResourceAccess({ resource, action: 'edit' });
  if (!record || !canAccess) return null;
  return (
    <>
      <RowIconButton label="stats.readings.restore.action" icon={<RestoreIcon fontSize="small" />} onClick={() => open({ ...record, step: 'restore' })} />
      <RowIconButton label="stats.readings.purge.action" icon={<DeleteForeverIcon fontSize="small" />} color="error" onClick={() => open({ ...record, step: 'purge' })} />
    </>
  );
}

/**
 * 删除抄表记录: the readings deleted from the reading record screens, with who deleted them, when,
 * why and what their deletion refunded; each restored (its refund charged back) or purged for good
 * after a confirmation; both audited.
 */
export default function DeletedReadingList() {
  const resource = useResourceContext()!;
  const filters = [
    ...filterInputs(resource, FILTERS),
    <TextInput key="roomCode" source="roomCode" label={`resources.${resource}.fields.roomCode`} alwaysOn resettable={false} sx={{ width: 120 }} />,
  ];
  return (
    <Provider>
      <ListScreen<Reading>
        columns={COLUMNS} filters={filters} sort={{ field: 'deletedAt', order: 'DESC' }} deletable={false}
        summary={<ListTotals items={TOTALS} />} exportButton={<ServerExportButton />} rowActions={<StepButtons />}
      />
    </Provider>
  );
}
