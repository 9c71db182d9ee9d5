import { useDataProvider, useRecordContext, useResourceContext, useTranslate } from 'react-admin';
import { useQuery } from '@tanstack/react-query';
import { Alert, AppBar, Box, Button, Dialog, GlobalStyles, IconButton, Toolbar, Typography } from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';
import PrintIcon from '@mui/icons-material/Print';
import QrCode2Icon from '@mui/icons-material/QrCode2';
import { createRowDialog } from '../../../components/list/RowDialog';
import { RowIconButton } from '../../../components/list/RowButtons';
import type { MeteringDataProvider } from '../../../data/dataProvider';
import type { Building } from '../model';
import { PaySticker, printOnly } from './PaySticker';

const T = 'payments.stickers';
const SHEET = 'pay-sticker-sheet';

/** A building's stickers as `payLink/findByBuilding` answers them (rooms by floor and room number). */
interface StickerRooms {
  building: { id: number; name: string; projectName: string | null };
  rooms: { roomId: number; roomCode: string; floor: number; payCode: string; url: string }[];
}

/**
 * The sheet of a building's pay stickers, a page of its own over the console: every room's sticker
 * (project and building, room, QR code) in a grid that prints on A4 with cut lines; only the
 * sheet prints (@media print).
 */
function StickerSheet({ building, close }: { building: Building; close: () => void }) {
  const translate = useTranslate();
  const resource = useResourceContext()!;
  const dataProvider = useDataProvider() as MeteringDataProvider;
  const { data, error } = useQuery({
    queryKey: [resource, 'stickers', building.id],
    queryFn: () => dataProvider.invoke<StickerRooms>(resource, 'stickers', { buildingId: building.id }),
    staleTime: 0,
  });
  const heading = [data?.building.projectName ?? building.projectName, data?.building.name ?? building.name].filter(Boolean).join(' ');
  return (
    <Dialog open fullScreen onClose={close} aria-labelledby="sticker-sheet-title">
      <GlobalStyles styles={printOnly(SHEET)} />
      <AppBar position="sticky" color="default" elevation={1}>
        <Toolbar variant="dense" sx={{ gap: 2 }}>
          <IconButton edge="start" aria-label={translate('ra.action.close')} onClick={close}><CloseIcon /></IconButton>
          <Typography id="sticker-sheet-title" variant="h6" sx={{ flex: 1 }}>{translate(`${T}.title`, { building: heading })}</Typography>
          {data && <Typography variant="body2" color="text.secondary">{translate(`${T}.rooms`, { count: data.rooms.length })}</Typography>}
          <Button variant="contained" startIcon={<PrintIcon />} disabled={!data?.rooms.length} onClick={() => window.print()}>{translate(`${T}.print`)}</Button>
        </Toolbar>
      </AppBar>
      <Box sx={{ p: 2, bgcolor: 'action.hover', flex: 1, overflow: 'auto' }}>
        {error && <Alert severity="error">{error.message}</Alert>}
        {!data && !error && <Typography variant="body2">{translate('app.loading')}</Typography>}
        {data && !data.rooms.length && <Alert severity="info">{translate(`${T}.empty`)}</Alert>}
        {!!data?.rooms.length && (
          <Box
            id={SHEET} role="list" aria-label={translate(`${T}.sheet`)}
            sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, 62mm)', gap: '4mm', justifyContent: 'center', '@media print': { gridTemplateColumns: 'repeat(3, 62mm)', gap: '2mm' } }}
          >
            {data.rooms.map((room) => (
              <div role="listitem" key={room.roomId}><PaySticker heading={heading} room={room.roomCode} url={room.url} /></div>
            ))}
          </Box>
        )}
      </Box>
    </Dialog>
  );
}

const { Provider, useOpen } = createRowDialog<Building>((building, close) => <StickerSheet building={building} close={close} />);

/** Wraps the building list: the one sticker sheet of its rows. */
export const StickerSheets = Provider;

/** A building's "print pay stickers" action. */
export function StickerSheetButton() {
  const record = useRecordContext<Building>();
  const open = useOpen();
  if (!record) return null;
  return <RowIconButton label={`${T}.action`} icon={<QrCode2Icon fontSize="small" />} onClick={() => open(record)} />;
}
