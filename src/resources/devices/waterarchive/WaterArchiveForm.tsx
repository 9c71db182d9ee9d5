import { useMemo, useState } from 'react';
import {
  AutocompleteInput, NumberInput, SelectInput, TextInput, maxValue, minValue, regex, required,
  useGetList, useRecordContext, useTranslate,
} from 'react-admin';
import { Grid } from '@mui/material';
import { MoneyInput } from '../../../components/money';
import { RecordForm } from '../../../components/RecordPages';
import { METER_TYPES } from './labels';
import type { WaterMeter } from './WaterArchiveList';

interface UnboundRoom {
  id: number; roomCode: string; buildingName: string | null; projectName: string | null; tenantName: string | null;
}

const roomLabel = (room: Partial<UnboundRoom>) =>
  [room.projectName, room.buildingName, room.roomCode].filter(Boolean).join(' / ') + (room.tenantName ? ` (${room.tenantName})` : '');

/** The room: chosen among rooms without a water meter (findUserUnBind), plus the meter's current room. */
function RoomInput() {
  const record = useRecordContext<WaterMeter>();
  const translate = useTranslate();
  const [q, setQ] = useState('');
  const { data = [], isPending } = useGetList<UnboundRoom>('waterUnboundRooms', { pagination: { page: 1, perPage: 50 }, filter: q ? { q } : {} });
  const choices = useMemo(() => {
    const list = data.map((room) => ({ id: room.id, name: roomLabel(room) }));
    if (record?.roomId && !list.some((c) => c.id === record.roomId)) {
      list.unshift({ id: record.roomId, name: roomLabel({ projectName: record.projectName ?? undefined, buildingName: record.buildingName ?? undefined, roomCode: record.roomCode ?? '', tenantName: record.tenantName ?? undefined }) });
    }
    return list;
  }, [data, record]);
  return (
    <AutocompleteInput
      source="roomId" choices={choices} isPending={isPending} onInputChange={(_, value) => setQ(value.split(' / ').pop() ?? '')}
      filterToQuery={(text) => ({ q: text })} helperText={translate('water.roomHelp')} fullWidth
      parse={(value) => (value === '' ? null : value)}
    />
  );
}

const validateAddress = [required(), regex(/^\d{14}$/, 'validation.waterAddress')];

export function WaterArchiveForm() {
  const translate = useTranslate();
  return (
    <RecordForm sx={{ maxWidth: 720 }}>
      <Grid container columnSpacing={2} sx={{ width: '100%' }}>
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextInput source="address" validate={validateAddress} helperText={translate('water.addressHelp')} fullWidth slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 14 } }} />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <SelectInput source="meterType" choices={METER_TYPES} validate={required()} defaultValue="cold" fullWidth />
        </Grid>
        <Grid size={12}><RoomInput /></Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <MoneyInput source="priceFen" label="water.price" validate={[required(), minValue(0), maxValue(100_000)]} defaultValue={350} fullWidth />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <NumberInput source="freeAllowance" validate={[minValue(0), maxValue(100_000)]} defaultValue={0} step={0.5} fullWidth />
        </Grid>
        <Grid size={12}><TextInput source="remark" multiline minRows={2} fullWidth validate={[]} /></Grid>
      </Grid>
    </RecordForm>
  );
}
