import { Button, useDataProvider, useNotify, useRecordContext, useTranslate } from 'react-admin';
import { useMutation } from '@tanstack/react-query';
import { Alert, Box, Table, TableBody, TableCell, TableHead, TableRow, Tooltip, Typography } from '@mui/material';
import NetworkCheckIcon from '@mui/icons-material/NetworkCheck';
import type { MeteringDataProvider } from '../../../data/dataProvider';
import { RecordAside } from '../../../components/record/RecordAside';
import { StateChip } from '../../../components/list/columns';
import { useFormatDateTime } from '../../../components/dateTime';
import { useCanCommand, useDeviceActions } from '../../../components/devices/DeviceActions';
import { BATTERY } from '../waterarchive/model';
import { KIND, ONLINE, PROTOCOL, meterState, type Module, type ModuleMeter } from './model';
import { endpointOf } from './ModuleList';

/** How many meters of each kind module/findById lists (server/routes/module.ts MODULE_METERS_CAP). */
const METERS_CAP = 200;

/** "Test connection": a read of one of its meters (an online one first) through command/create, then its progress. */
function TestConnectionButton({ module }: { module: Module }) {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<MeteringDataProvider>();
  const { track } = useDeviceActions();
  const canCommand = useCanCommand();
  const meter = module.meters?.find((m) => m.online) ?? module.meters?.[0];
  const read = useMutation({
    mutationFn: (target: ModuleMeter) => dataProvider.invoke<{ ids: number[] }>('mokuaiguanli', 'read', { deviceKind: target.kind, deviceIds: [target.id], type: 'read' }),
    onSuccess: ({ ids }) => track('moduleScreen.testAction', ids),
    onError: (error: Error) => notify(error.message, { type: 'error' }),
  });
  if (!canCommand) return null;
  return (
    <Tooltip title={translate(meter ? 'moduleScreen.testHint' : 'moduleScreen.testNoMeter')}>
      <span>
        <Button label="moduleScreen.testConnection" variant="outlined" size="small" disabled={!meter || read.isPending} onClick={() => meter && read.mutate(meter)}>
          <NetworkCheckIcon />
        </Button>
      </span>
    </Tooltip>
  );
}

function MetersTable({ meters }: { meters: ModuleMeter[] }) {
  const translate = useTranslate();
  const t = (key: string) => translate(`moduleScreen.meters.${key}`);
  return (
    <Box sx={{ maxHeight: 480, overflow: 'auto' }}>
      <Table size="small" stickyHeader aria-label={t('title')} sx={{ '& th, & td': { px: 0.75, whiteSpace: 'nowrap' } }}>
        <TableHead>
          <TableRow>
            <TableCell>{t('address')}</TableCell>
            <TableCell>{t('room')}</TableCell>
            <TableCell>{t('state')}</TableCell>
            <TableCell>{t('online')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {meters.map((meter) => (
            <TableRow key={`${meter.kind}-${meter.id}`}>
              <TableCell sx={{ fontFamily: 'monospace' }} title={translate(`moduleScreen.meters.kind.${meter.kind}`)}>{meter.address}</TableCell>
              <TableCell>{meter.roomCode ?? ''}</TableCell>
              <TableCell>
                <Box sx={{ display: 'flex', gap: 0.5 }}>
                  <StateChip style={meterState(meter)} value={meter.state} />
                  {meter.batteryLow && <StateChip style={BATTERY.true} value />}
                </Box>
              </TableCell>
              <TableCell><StateChip style={ONLINE[String(meter.online)]} value={meter.online} /></TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}

/** The module as it is now (online, path, heartbeat, meter counts), a connection test, and its meters with their states. */
export function ModuleAside() {
  const record = useRecordContext<Module>();
  const translate = useTranslate();
  const format = useFormatDateTime();
  if (!record) return null;
  const field = (name: string) => `resources.mokuaiguanli.fields.${name}`;
  const meters = record.meters ?? [];
  const total = record.electricCount + record.waterCount;
  return (
    <RecordAside
      title="moduleScreen.state"
      facts={[
        { label: field('online'), value: <StateChip style={ONLINE[String(record.online)]} value={record.online} /> },
        { label: field('kind'), value: <Box sx={{ display: 'flex', gap: 0.5 }}><StateChip style={KIND[record.kind]} value={record.kind} /><StateChip style={PROTOCOL[record.protocol]} value={record.protocol} /></Box> },
        ...(record.kind === 'tcp-gateway' ? [{ label: field('endpoint'), value: <Box component="span" sx={{ fontFamily: 'monospace' }}>{endpointOf(record)}</Box> }] : []),
        { label: field('lastHeartbeatAt'), value: record.lastHeartbeatAt ? format(record.lastHeartbeatAt) : translate('moduleScreen.neverHeard') },
      ]}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', mb: 1, gap: 1 }}>
        <Typography variant="subtitle2">
          {translate('moduleScreen.meters.title')}
          <Typography component="span" variant="body2" color="text.secondary" sx={{ ml: 1 }}>
            {translate('moduleScreen.meters.counts', { electric: record.electricCount, water: record.waterCount })}
          </Typography>
        </Typography>
        <TestConnectionButton module={record} />
      </Box>
      {total > 0 && <Alert severity="info" sx={{ mb: 1 }}>{translate('moduleScreen.deleteCarries', { electric: record.electricCount, water: record.waterCount })}</Alert>}
      {meters.length === 0
        ? <Typography variant="body2" color="text.secondary">{translate('moduleScreen.meters.empty')}</Typography>
        : <MetersTable meters={meters} />}
      {meters.length < total && (
        <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 1 }}>
          {translate('moduleScreen.meters.capped', { shown: METERS_CAP, total })}
        </Typography>
      )}
    </RecordAside>
  );
}
