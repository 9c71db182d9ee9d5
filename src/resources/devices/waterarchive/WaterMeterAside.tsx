import { useGetList, useRecordContext, useTranslate } from 'react-admin';
import { Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { RecordAside } from '../../../components/record/RecordAside';
import { StateChip } from '../../../components/list/columns';
import { useFormatDateTime } from '../../../components/dateTime';
import { moneyText } from '../../../../common/formats';
import { ACCOUNT, BATTERY, ONLINE, VALVE, type WaterMeter } from './model';

interface Reading { id: number; readAt: string; total: number; consumption: number; costFen: number }

/** How many of the latest readings the record page shows. */
const RECENT = 8;

/** The water meter as it is now: valve, online, battery, account, last reading and its latest readings. */
export function WaterMeterAside() {
  const record = useRecordContext<WaterMeter>();
  const translate = useTranslate();
  const format = useFormatDateTime();
  const { data: readings = [], isPending } = useGetList<Reading>(
    'waterReadings', { filter: { meterId: record?.id }, pagination: { page: 1, perPage: RECENT } }, { enabled: !!record },
  );
  if (!record) return null;
  const field = (name: string) => `resources.waterarchive.fields.${name}`;
  return (
    <RecordAside
      title="water.record.state"
      facts={[
        { label: field('valveState'), value: <StateChip style={VALVE[record.valveState]} value={record.valveState} /> },
        { label: field('online'), value: <StateChip style={ONLINE[String(record.online)]} value={record.online} /> },
        { label: field('batteryLow'), value: <StateChip style={BATTERY[String(record.batteryLow)]} value={record.batteryLow} /> },
        { label: field('accountOpened'), value: <StateChip style={ACCOUNT[String(record.accountOpened)]} value={record.accountOpened} /> },
        { label: field('tenantName'), value: record.tenantName ? `${record.tenantName}${record.tenantPhone ? ` · ${record.tenantPhone}` : ''}` : translate('app.none') },
        { label: field('lastReading'), value: record.lastReading === null ? translate('app.none') : `${record.lastReading} m³ · ${format(record.lastReadAt)}` },
      ]}
    >
      <Typography variant="subtitle2" sx={{ mb: 1 }}>{translate('water.record.recentReadings')}</Typography>
      {!isPending && readings.length === 0 && <Typography variant="body2" color="text.secondary">{translate('water.record.noReadings')}</Typography>}
      {readings.length > 0 && (
        <Table size="small" aria-label={translate('water.record.recentReadings')} sx={{ '& th, & td': { px: 0.75, whiteSpace: 'nowrap' } }}>
          <TableHead>
            <TableRow>
              <TableCell>{translate('water.record.readAt')}</TableCell>
              <TableCell align="right">{translate('water.record.total')}</TableCell>
              <TableCell align="right">{translate('water.record.consumption')}</TableCell>
              <TableCell align="right">{translate('water.record.cost')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {readings.map((reading) => (
              <TableRow key={reading.id}>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{format(reading.readAt)}</TableCell>
                <TableCell align="right">{reading.total}</TableCell>
                <TableCell align="right">{reading.consumption}</TableCell>
                <TableCell align="right">{moneyText(reading.costFen)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </RecordAside>
  );
}
