import { NumberInput, TextInput, maxLength, maxValue, minValue, number, required, useGetOne } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { Grid } from '@mui/material';
import { RecordForm } from '../../../components/RecordPages';
import { DecimalInput } from '../../../components/money';
import { BuildingInput, ProjectInput } from '../../../components/pickers/ProjectBuilding';
import { FLOORS_MAX, ROOM_CODE_MAX } from '../model';

export const integer = (value: unknown) => (typeof value === 'number' && !Number.isInteger(value) ? 'estate.validation.integer' : undefined);

/** The floor, at most the chosen building's floors (as the server checks). */
function FloorInput() {
  const buildingId = useWatch({ name: 'buildingId' });
  const { data: building } = useGetOne('buildings', { id: buildingId }, { enabled: !!buildingId });
  const top = building?.floors ?? FLOORS_MAX;
  return <NumberInput source="floor" validate={[required(), number(), integer, minValue(1), maxValue(top)]} defaultValue={1} fullWidth />;
}

export function RoomForm() {
  return (
    <RecordForm sx={{ maxWidth: 720 }}>
      <Grid container columnSpacing={2} rowSpacing={1} sx={{ width: '100%' }}>
        <Grid size={{ xs: 12, sm: 6 }}><ProjectInput fullWidth /></Grid>
        <Grid size={{ xs: 12, sm: 6 }}><BuildingInput validate={required()} fullWidth /></Grid>
        <Grid size={{ xs: 12, sm: 4 }}><TextInput source="roomCode" validate={[required(), maxLength(ROOM_CODE_MAX)]} fullWidth /></Grid>
        <Grid size={{ xs: 12, sm: 4 }}><FloorInput /></Grid>
        <Grid size={{ xs: 12, sm: 4 }}><DecimalInput source="size" decimals={2} validate={[minValue(0), maxValue(100_000)]} fullWidth /></Grid>
        <Grid size={12}><TextInput source="remark" multiline minRows={2} validate={[maxLength(200)]} fullWidth /></Grid>
      </Grid>
    </RecordForm>
  );
}
