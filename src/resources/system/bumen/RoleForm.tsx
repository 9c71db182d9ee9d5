import { RadioButtonGroupInput, SelectInput, TextInput, maxLength, required, useDataProvider, useRecordContext, useTranslate } from 'react-admin';
import { Alert, Chip, Grid } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { RecordForm } from '../../../components/RecordPages';
import { readCookie } from '../../../auth/cookies';
import type { MeteringDataProvider } from '../../../data/dataProvider';
import { ResourceTreeInput } from './ResourceTreeInput';
import type { Role } from './model';

function useAreas() {
  const dataProvider = useDataProvider<MeteringDataProvider>();
  return useQuery({
    queryKey: ['bumen', 'options'],
    queryFn: () => dataProvider.invoke<{ areas: { id: number; name: string }[] }>('bumen', 'options'),
    staleTime: 30_000,
  });
}

/** A role: its name, area (on create), read-only or read-write, and the menu resources it grants. */
export function RoleForm({ create = false }: { create?: boolean }) {
  const translate = useTranslate();
  const record = useRecordContext<Role>();
  const { data } = useAreas();
  return (
    <RecordForm sx={{ maxWidth: 900 }}>
      <Grid container columnSpacing={2} rowSpacing={1} sx={{ width: '100%' }}>
        {record?.platformAdmin && <Grid size={12}><Chip color="warning" variant="outlined" label={translate('system.platformAdmin')} /></Grid>}
        {!create && record && record.userCount > 0 && (
          <Grid size={12}><Alert severity="info">{translate('system.roleUsers', { smart_count: record.userCount })}</Alert></Grid>
        )}
        <Grid size={{ xs: 12, sm: 6 }}><TextInput source="name" validate={[required(), maxLength(32)]} fullWidth /></Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          {create
            ? <SelectInput source="areaId" choices={data?.areas ?? []} validate={required()} fullWidth isLoading={!data} defaultValue={Number(readCookie('areaid')) || undefined} />
            : <TextInput source="areaName" fullWidth readOnly />}
        </Grid>
        <Grid size={12}>
          <RadioButtonGroupInput
            source="readOnly" choices={[{ id: 'false', name: 'system.access.false' }, { id: 'true', name: 'system.access.true' }]}
            format={(value: unknown) => String(value === true || value === 'true')} parse={(value: string) => value === 'true'}
            helperText={translate('system.accessHelp')}
          />
        </Grid>
        <Grid size={12}><ResourceTreeInput /></Grid>
        <Grid size={12}><TextInput source="remark" multiline minRows={2} fullWidth validate={[maxLength(200)]} /></Grid>
      </Grid>
    </RecordForm>
  );
}
