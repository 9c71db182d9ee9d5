import { useGetList, useTranslate } from 'react-admin';
import { Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { StateChip } from '../list/columns';
import { settlementText, type SettlementLine } from './settlement';

/** A binding as the binding list answers it. */
export interface BindingRecord {
  id: number; tenantId: number; tenantName: string | null; tenantPhone: string | null; tenantDeleted: boolean; roomId: number; roomCode: string | null;
  buildingName: string | null; projectName: string | null; startDate: string; endDate: string | null; current: boolean; settlements: SettlementLine[];
}

export const CURRENT_STATES = {
  true: { label: 'bindings.current.true', color: 'success' as const },
  false: { label: 'bindings.current.false', color: 'default' as const },
};

/**
 * The binding history of a tenant (`tenantId`) or of a room (`roomId`): who rented what, from when
 * to when, and how each ended binding was settled. Newest first.
 */
export function BindingHistory({ tenantId, roomId, perPage = 50 }: { tenantId?: number; roomId?: number; perPage?: number }) {
  const translate = useTranslate();
  const filter = tenantId ? { tenantId } : { roomId };
  const { data = [], isPending, error } = useGetList<BindingRecord>('tenantBindings', { filter, pagination: { page: 1, perPage }, sort: { field: 'id', order: 'DESC' } }, { enabled: !!(tenantId || roomId) });
  const label = translate(tenantId ? 'bindings.history.tenant' : 'bindings.history.room');
  if (isPending) return <Typography variant="body2" color="text.secondary">{translate('app.loading')}</Typography>;
  if (error) return <Typography variant="body2" color="error">{(error as Error).message}</Typography>;
  if (!data.length) return <Typography variant="body2" color="text.secondary">{translate('bindings.history.empty')}</Typography>;
  const field = (name: string) => translate(`resources.userbangding.fields.${name}`);
  return (
    <Table size="small" aria-label={label} sx={{ '& th, & td': { px: 0.75, whiteSpace: 'nowrap' } }}>
      <TableHead>
        <TableRow>
          <TableCell>{tenantId ? field('roomCode') : field('tenantName')}</TableCell>
          <TableCell>{field('startDate')}</TableCell>
          <TableCell>{field('endDate')}</TableCell>
          <TableCell>{field('settlements')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {data.map((binding) => (
          <TableRow key={binding.id}>
            <TableCell>
              {tenantId
                ? [binding.projectName, binding.buildingName, binding.roomCode].filter(Boolean).join(' / ')
                : `${binding.tenantName ?? ''}${binding.tenantDeleted ? translate('bindings.tenant.deletedMark') : ''}`}
            </TableCell>
            <TableCell>{binding.startDate}</TableCell>
            <TableCell>{binding.endDate ?? <StateChip style={CURRENT_STATES.true} value="true" />}</TableCell>
            <TableCell sx={{ whiteSpace: 'normal !important', minWidth: 160 }}>{settlementText(binding.settlements, translate)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
