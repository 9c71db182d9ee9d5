import { useEffect, useState } from 'react';
import { useTranslate } from 'react-admin';
import { useQuery } from '@tanstack/react-query';
import { Autocomplete, Box, TextField, Typography } from '@mui/material';
import { formatYuan } from '../../../../common/money';
import { usePaymentCalls, type FoundRoom } from './model';

/** Pause after the last keystroke before searching. */
const DEBOUNCE_MS = 200;

export const roomLabel = (room: Pick<FoundRoom, 'projectName' | 'buildingName' | 'roomCode'>) =>
  [room.projectName, room.buildingName, room.roomCode].filter(Boolean).join(' · ');

/**
 * The room search of the payment screen: a typeahead on room code, tenant name or phone
 * (account/findRooms), focused when the screen opens; ↑ ↓ choose, Enter takes the room. Nothing is
 * highlighted until the operator moves with ↑ ↓ (as the hint says), so ↓ then Enter takes the first
 * match, and Enter alone takes nothing; each match names its project and building (nine buildings
 * have a room 101).
 */
export function RoomSearch({ onSelect }: { onSelect: (room: FoundRoom) => void }) {
  const translate = useTranslate();
  const calls = usePaymentCalls();
  const [input, setInput] = useState('');
  const [q, setQ] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setQ(input.trim()), DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [input]);
  const { data = [], isFetching } = useQuery({ queryKey: ['userJiaofei', 'findRooms', q], queryFn: () => calls.findRooms(q), enabled: q !== '' });
  const yuan = (fen: number | null) => (fen === null ? translate('app.none') : formatYuan(fen));
  return (
    <Autocomplete<FoundRoom, false, false, false>
      options={q ? data : []}
      filterOptions={(options) => options}
      getOptionLabel={(room) => `${roomLabel(room)}${room.tenantName ? ` · ${room.tenantName}` : ''}`}
      getOptionKey={(room) => room.roomId}
      isOptionEqualToValue={(a, b) => a.roomId === b.roomId}
      loading={isFetching}
      clearOnBlur={false}
      inputValue={input}
      onInputChange={(_, value, reason) => { if (reason !== 'reset') setInput(value); }}
      onChange={(_, room) => { if (room) { onSelect(room); setInput(''); setQ(''); } }}
      value={null}
      noOptionsText={q ? translate('resources.userJiaofei.search.none') : translate('resources.userJiaofei.search.hint')}
      loadingText={translate('app.loading')}
      renderOption={({ key, ...props }, room) => (
        <Box component="li" key={key} {...props} sx={{ display: 'flex', justifyContent: 'space-between', gap: 2 }}>
          <span>
            <Typography component="span" sx={{ fontWeight: 600 }}>{roomLabel(room)}</Typography>
            <Typography component="span" color="text.secondary" sx={{ ml: 1 }}>
              {room.tenantName ?? translate('resources.userJiaofei.vacant')}{room.tenantPhone ? ` · ${room.tenantPhone}` : ''}
            </Typography>
          </span>
          <Typography component="span" variant="body2" color="text.secondary" sx={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
            {translate('resources.userJiaofei.utility.electric')} {yuan(room.electricBalanceFen)} · {translate('resources.userJiaofei.utility.water')} {yuan(room.waterBalanceFen)}
          </Typography>
        </Box>
      )}
      renderInput={(params) => (
        <TextField
          {...params} autoFocus size="small"
          label={translate('resources.userJiaofei.search.label')}
          placeholder={translate('resources.userJiaofei.search.placeholder')}
        />
      )}
      sx={{ maxWidth: 720, flex: 1 }}
    />
  );
}
