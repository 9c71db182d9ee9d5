import { useState } from 'react';
import {
  AutocompleteInput, Confirm, Form, ReferenceInput, required, useDataProvider, useGetOne, useNotify, useRecordContext,
  useRefresh, useTranslate,
} from 'react-admin';
import { useMutation } from '@tanstack/react-query';
import { Alert, Box, Button, Card, CardContent, Dialog, DialogActions, DialogContent, DialogTitle, Stack, Typography } from '@mui/material';
import { useWatch } from 'react-hook-form';
import ElectricMeterIcon from '@mui/icons-material/ElectricMeter';
import type { MeteringDataProvider } from '../../../data/dataProvider';
import { RowIconButton } from '../../../components/list/RowButtons';
import { createRowDialog } from '../../../components/list/RowDialog';
import { StateChip } from '../../../components/list/columns';
import { formatYuan } from '../../../../common/money';
import { RoomCascade } from '../../../components/pickers/RoomCascade';
import type { RoomChoice } from '../../../components/pickers/RoomInput';
import { roomText } from '../../../../common/formats';
import { ONLINE, RELAY, UTILITIES, VALVE, meterOf, type RoomMeters, type Utility } from './model';
import { useResourceAccess } from '../../../auth/useResourceAccess';
import { OpenWaterAccount } from '../userJiaofei/AccountCard';

type Mode = 'attach' | 'detach' | 'move';
interface Pending { utility: Utility; mode: Mode; meterId?: number; meterAddress?: string; toRoomId?: number }

/** The room as the dialog's words name it: project, building and room ("1号楼 101" exists in several projects). */
const roomName = (room: RoomMeters) => roomText(room);

/** The submit button of a picker form: enabled once its value is chosen. */
function NextButton({ source }: { source: string }) {
  const translate = useTranslate();
  const value = useWatch({ name: source });
  return <Button type="submit" variant="contained" disabled={!value}>{translate('bindings.meters.next')}</Button>;
}

/** The meter of one utility of a room: state, and attach / detach / move. */
function UtilityCard({ room, utility, onAct, canEdit }: { room: RoomMeters; utility: Utility; onAct: (pending: Pending) => void; canEdit: boolean }) {
  const translate = useTranslate();
  const meter = meterOf(room, utility);
  const [picking, setPicking] = useState<'attach' | 'move' | null>(null);
  const refresh = useRefresh();
  const label = translate(`bindings.utility.${utility}`);
  // A water meter attached to a room without a water account takes no money until the account is opened: offered here, as on the payment screen.
  const notOpened = utility === 'water' && !!meter && room.waterAccountOpened === false;
  return (
    <Card variant="outlined" component="section" aria-label={label}>
      <CardContent>
        <Typography variant="subtitle1">{translate(`bindings.meters.${utility}Meter`)}</Typography>
        {meter ? (
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', my: 1 }}>
            <Typography sx={{ fontFamily: 'monospace' }}>{meter.address}</Typography>
            <StateChip style={ONLINE[String(meter.online)]} value={meter.online} />
            <StateChip style={(utility === 'electric' ? RELAY : VALVE)[meter.state ?? '']} value={meter.state} />
            {meter.balanceFen !== null && <Typography variant="body2" color="text.secondary">{translate('bindings.meters.balance', { amount: formatYuan(meter.balanceFen) })}</Typography>}
          </Box>
        ) : <Typography variant="body2" color="text.secondary" sx={{ my: 1 }}>{translate('bindings.meters.none')}</Typography>}
        {notOpened && (
          <Stack direction="row" sx={{ alignItems: 'center', gap: 1, mb: 1, flexWrap: 'wrap' }} data-testid="water-not-opened">
            <Typography variant="body2" color="warning.main">{translate('resources.userJiaofei.blocked.notOpened')}</Typography>
            {canEdit && <OpenWaterAccount meterId={meter.id} onOpened={refresh} />}
          </Stack>
        )}
        {canEdit && !picking && (
          <Stack direction="row" spacing={1}>
            {!meter && <Button size="small" variant="outlined" onClick={() => setPicking('attach')}>{translate('bindings.meters.attach')}</Button>}
            {meter && <Button size="small" variant="outlined" onClick={() => setPicking('move')}>{translate('bindings.meters.move')}</Button>}
            {meter && <Button size="small" color="warning" variant="outlined" onClick={() => onAct({ utility, mode: 'detach', meterId: meter.id, meterAddress: meter.address })}>{translate('bindings.meters.detach')}</Button>}
          </Stack>
        )}
        {picking === 'attach' && (
          <Form noValidate onSubmit={(values: Record<string, number>) => onAct({ utility, mode: 'attach', meterId: values.meterId })}>
            <ReferenceInput source="meterId" reference={`${utility}MetersInStock`} perPage={50} sort={{ field: 'address', order: 'ASC' }}>
              <AutocompleteInput
                label={translate('bindings.meters.inStock')} optionText="address" filterToQuery={(q) => ({ q })} validate={required()} fullWidth
                helperText={translate('bindings.meters.inStockHelp')}
              />
            </ReferenceInput>
            <Stack direction="row" spacing={1}><Button onClick={() => setPicking(null)}>{translate('ra.action.cancel')}</Button><NextButton source="meterId" /></Stack>
          </Form>
        )}
        {picking === 'move' && meter && (
          <Form noValidate onSubmit={(values: Record<string, number>) => onAct({ utility, mode: 'move', meterId: meter.id, meterAddress: meter.address, toRoomId: values.toRoomId })}>
            <RoomCascade
              reference="meterRooms" source="toRoomId" label={translate('bindings.meters.targetRoom')}
              filter={{ [utility === 'electric' ? 'withoutElectric' : 'withoutWater']: 'true' }}
              helperText={`bindings.meters.targetHelp.${utility}`}
            />
            <Stack direction="row" spacing={1}><Button onClick={() => setPicking(null)}>{translate('ra.action.cancel')}</Button><NextButton source="toRoomId" /></Stack>
          </Form>
        )}
      </CardContent>
    </Card>
  );
}

/** The confirmation of an action, naming the meter and rooms concerned and what stays where. */
function Question({ room, pending }: { room: RoomMeters; pending: Pending }) {
  const translate = useTranslate();
  const { data: chosenMeter } = useGetOne<{ id: number; address: string }>(`${pending.utility}MetersInStock`, { id: pending.meterId! }, { enabled: pending.mode === 'attach' });
  const { data: target } = useGetOne<RoomChoice>('meterRooms', { id: pending.toRoomId! }, { enabled: pending.mode === 'move' });
  const utility = translate(`bindings.utility.${pending.utility}`);
  const meter = meterOf(room, pending.utility);
  if (pending.mode === 'attach') return <>{translate('bindings.meters.attachConfirm', { address: chosenMeter?.address ?? '…', room: roomName(room), kind: translate(`bindings.meters.kind.${pending.utility}`) })}</>;
  if (pending.mode === 'detach') {
    return (
      <>
        {[
          translate('bindings.meters.detachConfirm', { address: pending.meterAddress ?? '', room: roomName(room) }),
          meter?.balanceFen !== null && meter?.balanceFen !== undefined ? translate('bindings.meters.balanceStays', { utility, amount: formatYuan(meter.balanceFen) }) : '',
          room.tenantName ? translate('bindings.meters.tenantNote', { name: room.tenantName }) : '',
        ].filter(Boolean).join(' ')}
      </>
    );
  }
  return <>{translate('bindings.meters.moveConfirm', { address: pending.meterAddress ?? '', from: roomName(room), to: target ? roomText(target) : '…' })}</>;
}

/**
 * The meters of a room: for each utility its meter (state, balance of the room's account) and the
 * actions — attach a meter in stock, detach (back to stock; the account and its balance stay with
 * the room), move to another room without such a meter (readings stay with this room). Every action
 * asks for confirmation, saying what stays where.
 */
function RoomMetersDialog({ room: opened, onClose }: { room: RoomMeters; onClose: () => void }) {
  const translate = useTranslate();
  // The room as it is now (after an action, the list's refresh reads it again).
  const { data: room = opened } = useGetOne<RoomMeters>('meterRooms', { id: opened.id }, { placeholderData: opened });
  const notify = useNotify();
  const refresh = useRefresh();
  const dataProvider = useDataProvider<MeteringDataProvider>();
  const { canAccess: canEdit = false } = useResourceAccess({ resource: 'zhongjianbiao', action: 'edit' });
  const [pending, setPending] = useState<Pending | null>(null);
  const [cardKey, setCardKey] = useState(0);
  const act = useMutation({
    mutationFn: async (p: Pending): Promise<{ address: string; to?: string }> => {
      if (p.mode === 'attach') return dataProvider.invoke<{ address: string; roomCode: string }>('zhongjianbiao', 'attach', { roomId: room.id, utility: p.utility, meterId: p.meterId });
      if (p.mode === 'detach') return dataProvider.invoke<{ address: string; roomCode: string }>('zhongjianbiao', 'detach', { utility: p.utility, meterId: p.meterId });
      const moved = await dataProvider.invoke<{ address: string; toRoomId: number }>('zhongjianbiao', 'move', { utility: p.utility, meterId: p.meterId, toRoomId: p.toRoomId });
      // The room it went to, named as the dialog names rooms.
      const { data: target } = await dataProvider.getOne<RoomChoice>('meterRooms', { id: moved.toRoomId });
      return { address: moved.address, to: roomText(target) };
    },
    onSuccess: (result, p) => {
      notify(`bindings.meters.${p.mode}Done`, { type: 'success', messageArgs: { address: result.address, room: roomName(room), to: result.to ?? '' } });
      setPending(null);
      setCardKey((key) => key + 1);
      refresh();
    },
    onError: (error: Error) => { notify(error.message, { type: 'error' }); setPending(null); },
  });
  const title = translate('bindings.meters.title', { room: roomName(room) });
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" aria-label={title}>
      <DialogTitle>{title}</DialogTitle>
      <DialogContent>
        {room.tenantName && <Alert severity="info" sx={{ mb: 2 }}>{translate('bindings.meters.tenantNow', { name: room.tenantName })}</Alert>}
        <Stack spacing={2} key={cardKey}>
          {UTILITIES.map((utility) => <UtilityCard key={utility} room={room} utility={utility} onAct={setPending} canEdit={canEdit} />)}
        </Stack>
      </DialogContent>
      <DialogActions><Button onClick={onClose}>{translate('ra.action.close')}</Button></DialogActions>
      <Confirm
        isOpen={!!pending}
        loading={act.isPending}
        title={pending ? translate(`bindings.meters.${pending.mode}Title`) : ''}
        content={pending ? <Question room={room} pending={pending} /> : ''}
        onConfirm={() => pending && act.mutate(pending)}
        onClose={() => setPending(null)}
      />
    </Dialog>
  );
}

/** The meters dialog, kept open after the row has left the list (e.g. "rooms without a water meter"). */
export const RoomMetersDialogs = createRowDialog<RoomMeters>((room, close) => <RoomMetersDialog room={room} onClose={close} />);

/** Row action: the room's meters, to attach, detach or move them. */
export function RoomMetersButton() {
  const record = useRecordContext<RoomMeters>();
  const open = RoomMetersDialogs.useOpen();
  if (!record) return null;
  return <RowIconButton label="bindings.meters.manage" icon={<ElectricMeterIcon fontSize="small" />} onClick={() => open(record)} />;
}
