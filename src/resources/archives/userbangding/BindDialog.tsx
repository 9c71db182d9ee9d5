import { useState } from 'react';
import { Button, DateInput, Form, required, useDataProvider, useNotify, useRefresh, useTranslate } from 'react-admin';
import { useMutation } from '@tanstack/react-query';
import { Box, Button as MuiButton, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, Stack } from '@mui/material';
import { useWatch } from 'react-hook-form';
import LinkIcon from '@mui/icons-material/Link';
import type { MeteringDataProvider } from '../../../data/dataProvider';
import { TenantInput } from '../../../components/pickers/TenantInput';
import { RoomCascade } from '../../../components/pickers/RoomCascade';
import { dayIn } from '../../../components/pickers/dateRanges';
import type { Binding } from './model';
import { useResourceAccess } from '../../../auth/useResourceAccess';

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
 * vacant rooms, start date (today by default). The server refuses a room taken meanwhile.
 */
export function BindButton() {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const dataProvider = useDataProvider<MeteringDataProvider>();
  const { canAccess } = useResourceAccess({ resource: 'userbangding', action: 'edit' });
  const [open, setOpen] = useState(false);
  const bind = useMutation({
    mutationFn: (values: Record<string, unknown>) => dataProvider.invoke<Binding>('userbangding', 'bind', { tenantId: values.tenantId, roomId: values.roomId, startDate: values.startDate }),
    onSuccess: (binding) => {
      notify('bindings.bind.done', { type: 'success', messageArgs: { name: binding.tenantName, room: binding.roomCode } });
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
                <DateInput source="startDate" label="resources.userbangding.fields.startDate" validate={required()} fullWidth />
              </Box>
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
