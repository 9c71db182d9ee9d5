import { PasswordInput, SelectInput, TextInput, maxLength, minLength, regex, required, useDataProvider, useTranslate, type Validator } from 'react-admin';
import { Grid } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { RecordForm } from '../../../components/RecordPages';
import { readCookie } from '../../../auth/cookies';
import type { MeteringDataProvider } from '../../../data/dataProvider';
import { passwordMessage, USER_STATE, type SysUserOptions } from './model';

/** The roles and areas the operator may give (the caller's area tree), read once per screen visit. */
export function useSysUserOptions() {
  const dataProvider = useDataProvider<MeteringDataProvider>();
  return useQuery({ queryKey: ['sysuser', 'options'], queryFn: () => dataProvider.invoke<SysUserOptions>('sysuser', 'options'), staleTime: 30_000 });
}

const newPassword: Validator = (value: unknown, values: { userName?: string }) => (value ? passwordMessage(String(value), values.userName) : undefined);
const sameAsPassword: Validator = (value: unknown, values: { password?: string }) => (value !== values.password ? 'password.mismatch' : undefined);

/** An administrator's form: account, name, phone, role and area (of the caller's tree), state; on create, the password twice. */
export function SysUserForm({ create = false }: { create?: boolean }) {
  const translate = useTranslate();
  const { data } = useSysUserOptions();
  const areaName = new Map((data?.areas ?? []).map((area) => [area.id, area.name]));
  const roles = (data?.roles ?? []).map((role) => ({
    id: role.id,
    name: `${role.name} · ${areaName.get(role.areaId) ?? ''} · ${translate(`system.access.${role.readOnly}`)}${role.platformAdmin ? ` · ${translate('system.platformAdmin')}` : ''}`,
  }));
  const areas = (data?.areas ?? []).map((area) => ({ id: area.id, name: area.name }));
  return (
    <RecordForm sx={{ maxWidth: 720 }}>
      <Grid container columnSpacing={2} rowSpacing={1} sx={{ width: '100%' }}>
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextInput source="userName" validate={[required(), minLength(2), maxLength(32), regex(/^[A-Za-z0-9_.@-]+$/, 'system.userNameRule')]} fullWidth slotProps={{ htmlInput: { autoComplete: 'off' } }} />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}><TextInput source="realName" validate={[maxLength(32)]} fullWidth /></Grid>
        <Grid size={{ xs: 12, sm: 6 }}><TextInput source="phone" validate={[maxLength(20), regex(/^[0-9+\- ]*$/, 'system.phoneRule')]} fullWidth /></Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <SelectInput source="state" choices={Object.entries(USER_STATE).map(([id, style]) => ({ id: Number(id), name: style.label }))} defaultValue={1} validate={required()} fullWidth />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}><SelectInput source="roleId" choices={roles} validate={required()} fullWidth isLoading={!data} /></Grid>
        <Grid size={{ xs: 12, sm: 6 }}><SelectInput source="areaId" choices={areas} validate={required()} fullWidth isLoading={!data} defaultValue={create ? Number(readCookie('areaid')) || undefined : undefined} /></Grid>
        {create && (
          <>
            <Grid size={{ xs: 12, sm: 6 }}>
              <PasswordInput source="password" validate={[required(), newPassword]} fullWidth helperText={translate('system.passwordHelp')} autoComplete="new-password" />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <PasswordInput source="passwordConfirm" validate={[required(), sameAsPassword]} fullWidth autoComplete="new-password" />
            </Grid>
          </>
        )}
        <Grid size={12}><TextInput source="remark" multiline minRows={2} fullWidth validate={[maxLength(200)]} /></Grid>
      </Grid>
    </RecordForm>
  );
}
