import { useRecordContext, useTranslate } from 'react-admin';
import { Typography } from '@mui/material';
import { RecordEdit } from '../../../components/RecordPages';
import { RecordAside } from '../../../components/record/RecordAside';
import { StateChip } from '../../../components/list/columns';
import { BindingHistory } from '../../../components/tenants/BindingHistory';
import { TenantForm } from './TenantForm';
import { PortalPanel } from './PortalPanel';
import { BOUND, type Tenant } from './model';

/** The tenant as they are now: the rooms they rent, and their whole binding history. */
function TenantAside() {
  const record = useRecordContext<Tenant>();
  const translate = useTranslate();
  if (!record) return null;
  return (
    <RecordAside
      title="bindings.tenant.state"
      facts={[
        { label: 'resources.userdangan.fields.bound', value: <StateChip style={BOUND[String(record.bound)]} value={record.bound} /> },
        ...record.rooms.map((room) => ({
          label: 'resources.userdangan.fields.roomCode',
          value: `${[room.projectName, room.buildingName, room.roomCode].filter(Boolean).join(' / ')} · ${translate('bindings.tenant.since', { date: room.startDate })}`,
        })),
      ]}
    >
      <Typography variant="subtitle2" sx={{ mb: 1 }}>{translate('bindings.history.tenant')}</Typography>
      <BindingHistory tenantId={Number(record.id)} />
      <PortalPanel tenantId={Number(record.id)} name={record.name} />
    </RecordAside>
  );
}

export default function TenantEdit() {
  const translate = useTranslate();
  return (
    <RecordEdit title={translate('routes.userdangan')} aside={<TenantAside />}>
      <TenantForm />
    </RecordEdit>
  );
}
