import { useState } from 'react';
import { Button, Form, RadioButtonGroupInput, TextInput, maxLength, required, useDataProvider, useGetList, useNotify, useRefresh, useTranslate } from 'react-admin';
import { useMutation } from '@tanstack/react-query';
import { Alert, Box, Button as MuiButton, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, Stack } from '@mui/material';
import { useWatch } from 'react-hook-form';
import LinkIcon from '@mui/icons-material/Link';
import type { MeteringDataProvider } from '../../../data/dataProvider';
import { TenantInput } from '../../../components/pickers/TenantInput';
import { RoomCascade } from '../../../components/pickers/RoomCascade';
import { dayIn } from '../../../components/pickers/dateRanges';
import { DayInput } from '../../../components/pickers/DayField';
import type { Binding } from './model';
import { useResourceAccess } from '../../../auth/useResourceAccess';
import { formatYuan } from '../../../../common/money';
import { roomText } from '../../../../common/formats';

/** A vacant room as the picker lists it, with its balances (tenantBinding/findVacantRooms). */
interface VacantRoom { id: number; electricBalanceFen: number | null; waterBalanceFen: number | null }

/** The room's balances that are not at zero ([utility, fen]). */
const openBalances = (room: VacantRoom | undefined) =>
  room ? ([['electric', room.electricBalanceFen], ['water', room.waterBalanceFen]] as const).filter((entry): entry is readonly ['electric' | 'water', number] => !!entry[1]) : [];

/**
 * What becomes of a vacant room's balance (issue 40): the money in the room's accounts is the
 * vacancy's, not the new tenant's. When a balance is not at zero the operator chooses: carry it to
 * the tenancy, or settle it first (refunded to / collected from the owner, or written off).
 */
function VacancyBalance() {
  const translate = useTranslate();
  const [roomId, choice] = useWatch({ name: ['roomId', 'balanceAtBinding'] });
  const { data } = useGetList<VacantRoom>('vacantRooms', { filter: { id: roomId }, pagination: { page: 1, perPage: 1 } }, { enabled: !!roomId });
  const open = openBalances(data?.find((room) => room.id === roomId));
  if (!roomId || !open.length) return null;
  const amounts = open.map(([utility, fen]) => translate('bindings.bind.balanceOf', { utility: translate(`bindings.utility.${utility}`), amount: formatYuan(fen) })).join(translate('bindings.bind.balanceJoin'));
  return (
    <Box>
      <Alert severity="warning" sx={{ mb: 1 }}>{translate('bindings.bind.balanceNotZero', { amounts })}</Alert>
      <RadioButtonGroupInput
        source="balanceAtBinding" label="bindings.bind.balanceTitle" validate={required('bindings.bind.balanceRequired')}
        choices={[{ id: 'carry', name: 'bindings.bind.carry' }, { id: 'settle', name: 'bindings.bind.settle' }]} row={false}
      />
      {choice === 'settle' && (
        <RadioButtonGroupInput
          source="settleBy" label="bindings.bind.settleBy" defaultValue="refund" row={false}
          choices={[
            { id: 'refund', name: open.some(([, fen]) => fen < 0) ? 'bindings.bind.settleRefundOrCollect' : 'bindings.bind.settleRefund' },
            { id: 'writeOff', name: 'bindings.bind.settleWriteOff' },
          ]}
        />
      )}
      {choice && <TextInput source="remark" label="bindings.bind.remark" validate={maxLength(200, 'bindings.unbind.remarkTooLong')} fullWidth />}
    </Box>
  );
}

function SubmitButton({ pending }: { pending: boolean }) {
  const translate = useTranslate();
  const [tenantId, roomId, startDate] = useWatch({ name: ['tenantId', 'roomId', 'startDate'] });
  return (
    <MuiButton type="submit" variant="contained" disabled={pending || !tenantId || !roomId || !startDate}>
      {translate('bindings.bind.submit')}
    </MuiButton>
  );
}

/**
 * Binds a tenant to a vacant room: tenant typeahead, project → building → room cascade over the
 * vacant rooms, start date (today by default), and what becomes of a balance the room holds
 * (VacancyBalance). The server refuses a room taken meanwhile.
 */
export function BindButton() {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const dataProvider = useDataProvider<MeteringDataProvider>();
  const { canAccess } = useResourceAccess({ resource: 'userbangding', action: 'edit' });
  const [open, setOpen] = useState(false);
  const bind = useMutation({
    mutationFn: (values: Record<string, unknown>) => dataProvider.invoke<Binding>('userbangding', 'bind', {
      tenantId: values.tenantId, roomId: values.roomId, startDate: values.startDate,
      // Only while the room's balance asked the question (the field is gone when another room is picked).
      ...(values.balanceAtBinding ? { balanceAtBinding: values.balanceAtBinding } : {}),
      ...(values.balanceAtBinding === 'settle' ? { settleBy: values.settleBy ?? 'refund' } : {}),
      ...(values.balanceAtBinding && typeof values.remark === 'string' && values.remark.trim() ? { remark: values.remark.trim() } : {}),
    }),
    onSuccess: (binding) => {
      notify('bindings.bind.done', { type: 'success', messageArgs: { name: binding.tenantName, room: roomText(binding) } });
      setOpen(false);
      refresh();
    },
    onError: (error: Error) => notify(error.message, { type: 'error' }),
  });
  if (!canAccess) return null;
  return (
    <>
      <Button label="bindings.bind.action" onClick={() => setOpen(true)}><LinkIcon /></Button>
      <Dialog open={open} onClose={() => !bind.isPending && setOpen(false)} fullWidth maxWidth="md" aria-labelledby="bind-title">
        <Form onSubmit={(values: Record<string, unknown>) => bind.mutate(values)} noValidate defaultValues={{ startDate: dayIn(new Date()) }}>
          <DialogTitle id="bind-title">{translate('bindings.bind.title')}</DialogTitle>
          <DialogContent>
            <DialogContentText sx={{ mb: 1 }}>{translate('bindings.bind.intro')}</DialogContentText>
            <Stack spacing={1.5} sx={{ pt: 1 }}>
              <TenantInput validate={required()} helperText={translate('bindings.bind.tenantHelp')} />
              <RoomCascade reference="vacantRooms" helperText="bindings.bind.roomHelp" label="bindings.bind.room" />
              <Box sx={{ maxWidth: 240 }}>
                <DayInput source="startDate" label="resources.userbangding.fields.startDate" validate={required()} fullWidth />
              </Box>
              <VacancyBalance />
            </Stack>
          </DialogContent>
          <DialogActions>
            <MuiButton onClick={() => setOpen(false)} disabled={bind.isPending}>{translate('ra.action.cancel')}</MuiButton>
            <SubmitButton pending={bind.isPending} />
          </DialogActions>
        </Form>
      </Dialog>
    </>
  );
}
