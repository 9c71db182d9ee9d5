import { useState } from 'react';
import { useDataProvider, useRecordContext, useResourceContext, useTranslate } from 'react-admin';
import { useQuery } from '@tanstack/react-query';
import {
  Alert, Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogTitle, Link, Table, TableBody, TableCell, TableHead, TableRow,
} from '@mui/material';
import type { MeteringDataProvider } from '../../data/dataProvider';

/** One user of a template as `<controller>/findUsedBy` answers it. */
export interface TemplateUser {
  kind: 'electric' | 'water' | 'priceTable' | 'timedSet';
  id: number;
  name: string;
  roomCode: string | null;
}

export interface TemplateRecord {
  id: number;
  name: string;
  usedBy: number;
}

/** What uses a template (the resource's `usedBy` action). */
export function useTemplateUsers(id: number | undefined, enabled = true) {
  return useTemplateUse(id, enabled).data?.records;
}

/** What uses a template, and (parameter sets) every electric meter's id. */
export function useTemplateUse(id: number | undefined, enabled = true) {
  const resource = useResourceContext()!;
  const dataProvider = useDataProvider<MeteringDataProvider>();
  return useQuery({
    queryKey: [resource, 'usedBy', id],
    queryFn: () => dataProvider.invoke<{ records: TemplateUser[]; electricIds: number[] }>(resource, 'usedBy', { id }),
    enabled: enabled && id !== undefined,
  });
}

/**
 * The "used by" cell of a template list: "N meters" (or "N templates" for a schedule) as a link
 * that opens the list of them; "Not used" when nothing uses the record.
 */
export function UsedByCell({ unit = 'meters' }: { unit?: 'meters' | 'templates' }) {
  const record = useRecordContext<TemplateRecord>();
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  if (!record) return null;
  if (!record.usedBy) return <span style={{ opacity: 0.6 }}>{translate('tariffs.notUsed')}</span>;
  const text = translate(unit === 'meters' ? 'tariffs.usedByMeters' : 'tariffs.usedByTemplates', { smart_count: record.usedBy });
  return (
    <>
      <Link component="button" type="button" onClick={(event) => { event.stopPropagation(); setOpen(true); }}>{text}</Link>
      {open && <UsedByDialog record={record} onClose={() => setOpen(false)} />}
    </>
  );
}

/** The meters (with their rooms) or templates that use a record. */
export function UsedByDialog({ record, onClose }: { record: TemplateRecord; onClose: () => void }) {
  const translate = useTranslate();
  const { data: use, isPending, error } = useTemplateUse(record.id);
  const data = use?.records;
  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth>
      <DialogTitle>{translate('tariffs.usedByTitle', { name: record.name })}</DialogTitle>
      <DialogContent>
        {isPending && <CircularProgress size={20} />}
        {error && <Alert severity="error">{(error as Error).message}</Alert>}
        {data && !data.length && <Alert severity="info">{translate('tariffs.usedByEmpty')}</Alert>}
        {data && data.length > 0 && (
          <Table size="small" aria-label={translate('tariffs.usedByTitle', { name: record.name })}>
            <TableHead>
              <TableRow>
                <TableCell>{translate('tariffs.userColumns.kind')}</TableCell>
                <TableCell>{translate('tariffs.userColumns.name')}</TableCell>
                <TableCell>{translate('tariffs.userColumns.room')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {data.map((user) => (
                <TableRow key={`${user.kind}-${user.id}`}>
                  <TableCell>{translate(`tariffs.userKind.${user.kind}`)}</TableCell>
                  <TableCell sx={{ fontVariantNumeric: 'tabular-nums' }}>{user.name}</TableCell>
                  <TableCell>{user.roomCode ?? ''}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </DialogContent>
      <DialogActions><Button onClick={onClose}>{translate('ra.action.close')}</Button></DialogActions>
    </Dialog>
  );
}
