import { useMemo, useState } from 'react';
import { AutocompleteInput, ReferenceInput, useGetList, useRecordContext, useTranslate } from 'react-admin';
import { Box, Chip } from '@mui/material';

/** A room as the room lookups answer it. */
export interface RoomChoice {
  id: number; roomCode: string; buildingName: string | null; projectName: string | null; tenantName: string | null; tenantPhone?: string | null;
}

const NO_ROOMS: RoomChoice[] = [];

/** "阳光公寓 / 1号楼 / 101 (张三)": a room the way operators find it. */
export const roomLabel = (room: Partial<RoomChoice>) =>
  [room.projectName, room.buildingName, room.roomCode].filter(Boolean).join(' / ') + (room.tenantName ? ` (${room.tenantName})` : '');

/**
 * Room typeahead: type a room code, tenant name or phone, pick with the keyboard. Offers the rooms
 * of a lookup resource (e.g. rooms without a water meter), plus the record's current room.
 */
/** The rooms' order in a picker: by project, building and room (the lists' `buildingName` sort). */
const ROOM_ORDER = { field: 'buildingName', order: 'ASC' } as const;

export function RoomInput({ reference, source = 'roomId', helperText, filter, label }: {
  reference: string; source?: string; helperText?: string;
  /** Fixed filters of the lookup (e.g. the project and building picked beside it: see RoomCascade). */
  filter?: Record<string, unknown>;
  label?: string;
}) {
  const record = useRecordContext();
  const translate = useTranslate();
  const [q, setQ] = useState('');
  const { data = NO_ROOMS, isPending } = useGetList<RoomChoice>(reference, {
    pagination: { page: 1, perPage: 50 },
    // Project → building → room, each in natural order (101 before 102 before 1001; T1-101 first).
    sort: ROOM_ORDER,
    filter: { ...filter, ...(q ? { q } : {}) },
  });
  const choices = useMemo(() => {
    const list = data.map((room) => ({ id: room.id, name: roomLabel(room) }));
    const current = record?.[source] as number | null | undefined;
    if (current && !list.some((c) => c.id === current)) {
      list.unshift({ id: current, name: roomLabel({ projectName: record?.projectName, buildingName: record?.buildingName, roomCode: record?.roomCode ?? '', tenantName: record?.tenantName }) });
    }
    return list;
  }, [data, record, source]);
  return (
    <AutocompleteInput
      source={source} choices={choices} isPending={isPending} label={label}
      // The search follows what the operator types, never the text the widget shows for the chosen
      // room (a value set by the form, e.g. a kept-alive page restoring its input, would otherwise
      // start a search, new choices, a new text, another search…).
      onInputChange={(_, value, reason) => { if (reason === 'input') setQ(value.split(' / ').pop()?.replace(/ \(.*\)$/, '') ?? ''); }}
      filterToQuery={(text) => ({ q: text })} helperText={helperText ? translate(helperText) : undefined} fullWidth
      parse={(value) => (value === '' ? null : value)}
    />
  );
}

/**
 * Communication module picker (the meter's path to the platform), online state shown; `protocol`
 * offers only the modules that speak it (a water meter needs a CJ/T 188 bus).
 */
export function ModuleInput({ source = 'moduleId', helperText, protocol }: { source?: string; helperText?: string; protocol?: 'dlt645' | 'cjt188' }) {
  const translate = useTranslate();
  return (
    <ReferenceInput source={source} reference="modules" perPage={50} sort={{ field: 'address', order: 'ASC' }} filter={protocol ? { protocol } : undefined}>
      <AutocompleteInput
        fullWidth filterToQuery={(q) => ({ q })} helperText={helperText ? translate(helperText) : undefined}
        parse={(value) => (value === '' ? null : value)}
        optionText={(module: { address: string; online: boolean; projectName: string | null }) => `${module.address}${module.projectName ? ` · ${module.projectName}` : ''}`}
        inputText={(module: { address: string }) => module.address}
        renderOption={(props, module: { id: number; address: string; online: boolean; projectName: string | null }) => (
          <Box component="li" {...props} key={module.id} sx={{ display: 'flex', gap: 1 }}>
            <span>{module.address}{module.projectName ? ` · ${module.projectName}` : ''}</span>
            <Chip size="small" variant="outlined" color={module.online ? 'success' : 'default'} label={translate(module.online ? 'water.online.true' : 'water.online.false')} />
          </Box>
        )}
      />
    </ReferenceInput>
  );
}
