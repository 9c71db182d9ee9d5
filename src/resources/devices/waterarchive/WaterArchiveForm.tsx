import { SelectInput, TextInput, maxValue, minValue, regex, required, useTranslate } from 'react-admin';
import { Grid } from '@mui/material';
import { DecimalInput, MoneyInput, moneyMax } from '../../../components/money';
import { RecordForm } from '../../../components/RecordPages';
import { ModuleInput, RoomInput } from '../../../components/pickers/RoomInput';
import { METER_TYPE, choicesOf } from './model';
import { WATER_ADDRESS } from '../../../../common/meterAddress';

const validateAddress = [required(), regex(WATER_ADDRESS, 'validation.waterAddress')];

export function WaterArchiveForm() {
  const translate = useTranslate();
  return (
    <RecordForm sx={{ maxWidth: 720 }}>
      <Grid container columnSpacing={2} rowSpacing={1} sx={{ width: '100%' }}>
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextInput source="address" validate={validateAddress} helperText={translate('water.addressHelp')} fullWidth slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 14 } }} />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <SelectInput source="meterType" choices={choicesOf(METER_TYPE)} validate={required()} defaultValue="cold" fullWidth />
        </Grid>
        <Grid size={12}><RoomInput reference="waterUnboundRooms" helperText="water.roomHelp" /></Grid>
        <Grid size={12}><ModuleInput helperText="water.moduleHelp" protocol="cjt188" /></Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <MoneyInput source="priceFen" label="water.price" validate={[required(), minValue(0), moneyMax(100_000)]} defaultValue={350} fullWidth />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <DecimalInput source="freeAllowance" decimals={2} validate={[minValue(0), maxValue(100_000)]} defaultValue={0} fullWidth />
        </Grid>
        <Grid size={12}><TextInput source="remark" multiline minRows={2} fullWidth validate={[]} /></Grid>
      </Grid>
    </RecordForm>
  );
}
