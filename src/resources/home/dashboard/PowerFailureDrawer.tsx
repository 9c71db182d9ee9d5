import { useEffect, useState, type FormEvent } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { useMutation } from '@tanstack/react-query';
import {
  Box, Button, Drawer, FormControl, FormControlLabel, FormLabel, IconButton, Radio, RadioGroup, Stack, TextField, Typography,
} from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';
import { RoomSearch, roomLabel } from '../../archives/userJiaofei/RoomSearch';
import type { FoundRoom } from '../../archives/userJiaofei/model';
import { POWER_FAILURE_CAUSES, useDashboardCalls, type PowerFailureCause } from './model';
import { roomText } from '../../../../common/formats';
import { DayField } from '../../../components/pickers/DayField';

const T = 'dashboard.powerFailure';

/** `datetime-local` value of an instant in the browser's zone (the picker's own zone). */
const localInput = (at: Date) => {
  const shifted = new Date(at.getTime() - at.getTimezoneOffset() * 60_000);
  return shifted.toISOString().slice(0, 16);
};

/**
 * The electricity dashboard's drawer to record a power failure: the room, its cause (arrears,
 * manual, overload, malignant load, night limit, timed, fault, other), since when, and a remark
 * (needed for "other"). The record opens a power cut of the room's meter; it shows on the alarm panel.
 */
export function PowerFailureDrawer({ open, resource, room: given, onClose, onRecorded }: {
  open: boolean;
  resource: string;
  room: FoundRoom | null;
  onClose: () => void;
  onRecorded: () => void;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const calls = useDashboardCalls(resource);
  const [room, setRoom] = useState<FoundRoom | null>(given);
  const [cause, setCause] = useState<PowerFailureCause | ''>('');
  const [offAt, setOffAt] = useState(() => localInput(new Date()));
  // Untouched, the time is "now" as the server's clock has it (the record says when it was made).
  const [offAtEdited, setOffAtEdited] = useState(false);
  const [remark, setRemark] = useState('');
  const [touched, setTouched] = useState(false);
  useEffect(() => {
    if (!open) return;
    setRoom(given);
    setCause('');
    setRemark('');
    setTouched(false);
    setOffAt(localInput(new Date()));
    setOffAtEdited(false);
  }, [open, given]);
  const offDate = offAt ? new Date(offAt) : null;
  const problems = {
    room: !room ? `${T}.roomRequired` : undefined,
    cause: !cause ? `${T}.causeRequired` : undefined,
    offAt: !offAtEdited ? undefined : !offDate || Number.isNaN(offDate.getTime()) ? `${T}.offAtRequired` : offDate.getTime() > Date.now() + 60_000 ? `${T}.offAtFuture` : undefined,
    remark: cause === 'other' && !remark.trim() ? `${T}.remarkRequired` : undefined,
  };
  const invalid = Object.values(problems).some(Boolean);
  const mutation = useMutation({
    mutationFn: () => calls.addPowerFailure({ roomId: room!.roomId, cause: cause as PowerFailureCause, offAt: offAtEdited ? offDate!.toISOString() : null, remark: remark.trim() || null }),
    onSuccess: () => {
      notify(`${T}.done`, { type: 'success', messageArgs: { room: room ? roomText(room) : '' } });
      onRecorded();
      onClose();
    },
    onError: (error: Error) => notify(error.message, { type: 'error' }),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (invalid || mutation.isPending) return;
    mutation.mutate();
  };
  const show = (key: keyof typeof problems) => (touched && problems[key] ? translate(problems[key]!) : undefined);
  return (
    <Drawer anchor="right" open={open} onClose={mutation.isPending ? undefined : onClose} slotProps={{ paper: { sx: { width: { xs: '100%', sm: 420 } } } }}>
      <Box component="form" onSubmit={submit} noValidate sx={{ p: 2, display: 'flex', flexDirection: 'column', gap: 2 }}
        role="region" aria-label={translate(`${T}.title`)} data-testid="power-failure-drawer">
        <Stack direction="row" sx={{ alignItems: 'center' }}>
          <Typography variant="h6" component="h2" sx={{ flex: 1 }}>{translate(`${T}.title`)}</Typography>
          <IconButton onClick={onClose} aria-label={translate('ra.action.close')}><CloseIcon /></IconButton>
        </Stack>
        <RoomSearch onSelect={setRoom} />
        <Typography variant="subtitle1" color={show('room') ? 'error' : 'text.primary'}>
          {room ? roomLabel(room) : show('room') ?? translate(`${T}.pick`)}
        </Typography>
        <FormControl error={!!show('cause')}>
          <FormLabel id="power-failure-cause">{translate(`${T}.cause`)}</FormLabel>
          <RadioGroup aria-labelledby="power-failure-cause" value={cause} onChange={(event) => setCause(event.target.value as PowerFailureCause)}
            sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr' }}>
            {POWER_FAILURE_CAUSES.map((value) => (
              <FormControlLabel key={value} value={value} control={<Radio size="small" />} label={translate(`dashboard.causes.${value}`)} />
            ))}
          </RadioGroup>
          {show('cause') && <Typography variant="caption" color="error">{show('cause')}</Typography>}
        </FormControl>
        <DayField kind="minute" size="medium" label={translate(`${T}.offAt`)} value={offAt} onChange={(at) => { setOffAt(at); setOffAtEdited(true); }}
          error={!!show('offAt')} helperText={show('offAt') ?? ' '} />
        <TextField label={translate(`${T}.remark`)} value={remark} onChange={(event) => setRemark(event.target.value)} multiline minRows={2}
          error={!!show('remark')} helperText={show('remark') ?? ' '} slotProps={{ htmlInput: { maxLength: 200 } }} />
        <Stack direction="row" sx={{ gap: 1, justifyContent: 'flex-end' }}>
          <Button onClick={onClose} disabled={mutation.isPending}>{translate('ra.action.cancel')}</Button>
          <Button type="submit" variant="contained" color="warning" disabled={mutation.isPending}>{translate(`${T}.submit`)}</Button>
        </Stack>
      </Box>
    </Drawer>
  );
}
