import { useState } from 'react';
import { Form, useDataProvider, useTranslate } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import AccountTreeIcon from '@mui/icons-material/AccountTree';
import { RoomCascade } from '../../../components/pickers/RoomCascade';
import type { FoundRoom } from './model';

const T = 'resources.userJiaofei.browse';

/** A room of the room list (room/findByCondition) as the payment screen holds a found room. */
interface ListedRoom {
  id: number; roomCode: string; floor: number; buildingId: number; buildingName: string | null; projectId: number; projectName: string | null;
  tenantName: string | null; tenantPhone: string | null; electricBalanceFen: number | null; waterBalanceFen: number | null;
}

const foundRoomOf = (room: ListedRoom): FoundRoom => ({
  roomId: room.id, roomCode: room.roomCode, floor: room.floor, buildingId: room.buildingId, buildingName: room.buildingName,
  projectId: room.projectId, projectName: room.projectName, tenantId: null, tenantName: room.tenantName, tenantPhone: room.tenantPhone,
  electricBalanceFen: room.electricBalanceFen, waterBalanceFen: room.waterBalanceFen,
});

function TakeButton() {
  const translate = useTranslate();
  const roomId = useWatch({ name: 'roomId' });
  return <Button type="submit" variant="contained" disabled={!roomId}>{translate(`${T}.take`)}</Button>;
}

/**
 * The other way to the room at the counter: project → building → room (the typeahead beside it
 * finds a room by code, tenant or phone). Hands the chosen room to the screen as the search does.
 */
export function RoomBrowse({ onSelect }: { onSelect: (room: FoundRoom) => void }) {
  const translate = useTranslate();
  const dataProvider = useDataProvider();
  const [open, setOpen] = useState(false);
  const take = async (values: { roomId?: number }) => {
    if (!values.roomId) return;
    const { data } = await dataProvider.getList<ListedRoom>('rooms', { pagination: { page: 1, perPage: 1 }, sort: { field: 'roomCode', order: 'ASC' }, filter: { id: values.roomId } });
    if (data[0]) onSelect(foundRoomOf(data[0]));
    setOpen(false);
  };
  return (
    <>
      <Button startIcon={<AccountTreeIcon />} onClick={() => setOpen(true)}>{translate(`${T}.button`)}</Button>
      <Dialog open={open} onClose={() => setOpen(false)} fullWidth maxWidth="sm" aria-labelledby="room-browse-title">
        <Form onSubmit={take as never} noValidate>
          <DialogTitle id="room-browse-title">{translate(`${T}.title`)}</DialogTitle>
          <DialogContent>
            <RoomCascade reference="rooms" label={translate(`${T}.room`)} />
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setOpen(false)}>{translate('ra.action.cancel')}</Button>
            <TakeButton />
          </DialogActions>
        </Form>
      </Dialog>
    </>
  );
}
