import { useState } from 'react';
import { useDataProvider, useNotify, useRecordContext, useRefresh, useTranslate } from 'react-admin';
import { Box, Chip } from '@mui/material';
import LockResetIcon from '@mui/icons-material/LockReset';
import BlockIcon from '@mui/icons-material/Block';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import { ListScreen } from '../../../components/list/ListScreen';
import type { Column } from '../../../components/list/columns';
import { filterInputs } from '../../../components/list/filters';
import { RowConfirm, RowEditButton, RowIconButton } from '../../../components/list/RowButtons';
import { useResourceAccess } from '../../../auth/useResourceAccess';
import { readCookie } from '../../../auth/cookies';
import type { MeteringDataProvider } from '../../../data/dataProvider';
import { ResetPasswordDialog } from './ResetPasswordDialog';
import { SYSUSER_FILTERS, USER_STATE, type SysUser } from './model';

/** The account name, marked when it is the operator's own or a platform administrator. */
function UserNameCell({ record }: { record: SysUser }) {
  const translate = useTranslate();
  const self = String(record.id) === readCookie('userId');
  return (
    <Box component="span" sx={{ display: 'inline-flex', gap: 0.5, alignItems: 'center', flexWrap: 'wrap' }}>
      {record.userName}
      {self && <Chip size="small" color="primary" variant="outlined" label={translate('system.self')} />}
      {record.platformAdmin && <Chip size="small" color="warning" variant="outlined" label={translate('system.platformAdmin')} />}
    </Box>
  );
}

const COLUMNS: Column<SysUser>[] = [
  { source: 'userName', priority: 1, minWidth: 120, render: (record) => <UserNameCell record={record} />, csv: (record) => record.userName },
  { source: 'realName', priority: 1 },
  { source: 'phone', kind: 'code', priority: 2, sortable: false },
  { source: 'roleName', priority: 1, sortable: false },
  { source: 'areaName', priority: 2, sortable: false },
  { source: 'state', kind: 'state', states: USER_STATE, priority: 1 },
  { source: 'remark', sortable: false, hidden: true },
  { source: 'createdAt', kind: 'datetime', priority: 3 },
];

/** Enable or disable an account (never one's own: the server refuses it too). */
function StateButton() {
  const record = useRecordContext<SysUser>();
  const [open, setOpen] = useState(false);
  const dataProvider = useDataProvider<MeteringDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const translate = useTranslate();
  const { canAccess } = useResourceAccess({ resource: 'sysuser', action: 'edit' });
  if (!record || !canAccess || String(record.id) === readCookie('userId')) return null;
  const disabling = record.state === 1;
  const confirm = async () => {
    setOpen(false);
    try {
      await dataProvider.invoke('sysuser', 'setState', { id: record.id, state: disabling ? 0 : 1 });
      notify(disabling ? 'system.disabledDone' : 'system.enabledDone', { type: 'success' });
      refresh();
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    }
  };
  return (
    <>
      <RowIconButton
        label={disabling ? 'system.disable' : 'system.enable'} color={disabling ? 'warning' : 'primary'}
        icon={disabling ? <BlockIcon fontSize="small" /> : <CheckCircleIcon fontSize="small" />} onClick={() => setOpen(true)}
      />
      <RowConfirm
        isOpen={open} title={disabling ? 'system.disable' : 'system.enable'}
        content={translate(disabling ? 'system.disableConfirm' : 'system.enableConfirm', { name: record.userName })}
        onConfirm={confirm} onClose={() => setOpen(false)}
      />
    </>
  );
}

function ResetButton() {
  const record = useRecordContext<SysUser>();
  const [open, setOpen] = useState(false);
  const { canAccess } = useResourceAccess({ resource: 'sysuser', action: 'edit' });
  if (!record || !canAccess) return null;
  return (
    <>
      <RowIconButton label="system.resetPassword" icon={<LockResetIcon fontSize="small" />} onClick={() => setOpen(true)} />
      {open && <ResetPasswordDialog user={record} onClose={() => setOpen(false)} />}
    </>
  );
}

export default function SysUserList() {
  return (
    <ListScreen<SysUser>
      columns={COLUMNS}
      filters={filterInputs('sysuser', SYSUSER_FILTERS)}
      rowActions={<><RowEditButton /><ResetButton /><StateButton /></>}
    />
  );
}
