import { useMemo } from 'react';
import { BooleanInput, SelectInput, TextInput, maxValue, minValue, regex, required, useRecordContext, useTranslate, type Validator } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { Grid } from '@mui/material';
import { DecimalInput, MoneyInput, moneyMax } from '../../../components/money';
import { RecordForm } from '../../../components/RecordPages';
import { ModuleInput, RoomInput } from '../../../components/pickers/RoomInput';
import { METER_TYPE, choicesOf } from './model';
import { WATER_ADDRESS } from '../../../../common/meterAddress';

const validateAddress = [required(), regex(WATER_ADDRESS, 'validation.waterAddress')];

/**
 * A price set to ¥0 means free water: it is said and confirmed, never saved by a slip of the
 * keyboard (a meter already at ¥0 keeps it without asking again).
 */
const zeroPriceConfirmed = (savedFen: unknown): Validator => (value: unknown, values: { confirmZeroPrice?: boolean }) =>
  value === 0 && savedFen !== 0 && !values?.confirmZeroPrice ? 'water.zeroPrice' : undefined;

/** The confirmation a price newly set to ¥0 needs (the API ignores the field). */
function ZeroPriceConfirm({ savedFen }: { savedFen: unknown }) {
  const price = useWatch({ name: 'priceFen' });
  if (price !== 0 || savedFen === 0) return null;
  return <BooleanInput source="confirmZeroPrice" label="water.zeroPriceConfirm" />;
}

export function WaterArchiveForm() {
  const translate = useTranslate();
  const savedFen = useRecordContext()?.priceFen;
  const validatePrice = useMemo(() => [required(), minValue(0), moneyMax(100_000), zeroPriceConfirmed(savedFen)], [savedFen]);
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
          <MoneyInput source="priceFen" label="water.price" validate={validatePrice} defaultValue={350} fullWidth />
          <ZeroPriceConfirm savedFen={savedFen} />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <DecimalInput source="freeAllowance" decimals={2} validate={[minValue(0), maxValue(100_000)]} defaultValue={0} fullWidth />
        </Grid>
        <Grid size={12}><TextInput source="remark" multiline minRows={2} fullWidth validate={[]} /></Grid>
      </Grid>
    </RecordForm>
  );
}
