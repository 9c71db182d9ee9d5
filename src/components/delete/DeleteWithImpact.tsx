import { useState, type ReactNode } from 'react';
import {
  Button, useDataProvider, useGetRecordRepresentation, useListContext, useNotify, useRecordContext, useRefresh,
  useResourceContext, useTranslate, type Identifier, type RaRecord,
} from 'react-admin';
import { useQuery } from '@tanstack/react-query';
import {
  Alert, Box, Button as MuiButton, CircularProgress, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, TextField,
} from '@mui/material';
import DeleteIcon from '@mui/icons-material/Delete';
import { NoSuchAction, type MeteringDataProvider } from '../../data/dataProvider';
import { formatYuan } from '../../../common/money';
import { countText } from '../../../common/formats';
import { useResourceAccess } from '../../auth/useResourceAccess';

/**
 * What deleting a record would leave behind, as a resource's `deleteImpact` endpoint answers it:
 * one row per record, with the attached things that carry money or history.
 */
export interface DeleteImpact {
  id: Identifier;
  address?: string;
  accountOpened?: boolean;
  balanceFen?: number;
  tenantName?: string | null;
  readings?: number;
}

const attached = (impact: DeleteImpact) =>
  !!impact.accountOpened || !!impact.balanceFen || !!impact.tenantName || (impact.readings ?? 0) > 0;

function ImpactLine({ impact, name }: { impact: DeleteImpact; name: string }) {
  const translate = useTranslate();
  const parts = [
    impact.accountOpened ? translate('delete.impact.account') : '',
    impact.balanceFen ? translate('delete.impact.balance', { amount: formatYuan(impact.balanceFen) }) : '',
    impact.tenantName ? translate('delete.impact.tenant', { name: impact.tenantName }) : '',
    impact.readings ? translate('delete.impact.readings', { smart_count: impact.readings }) : '',
  ].filter(Boolean);
  return <li><strong>{name}</strong>{translate('delete.impact.separator')}{parts.join(translate('delete.impact.join'))}</li>;
}

/**
 * Confirms a deletion. It says what the records still carry (account, balance, tenant,
 * readings) when the resource can tell, and then asks for the typed record name (its
 * representation, e.g. a meter's address; one record) or count (several) before the stronger
 * deletion goes ahead, as the server also demands; a bare record needs only the plain confirmation.
 */
function DeleteDialog({ ids, title, question, expected, onClose, onDeleted }: {
  ids: Identifier[];
  title: string;
  question: string;
  /** What the operator types when something is attached: the record's name, or the count. */
  expected: string;
  onClose: () => void;
  onDeleted: () => void;
}) {
  const resource = useResourceContext()!;
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<MeteringDataProvider>();
  const [typed, setTyped] = useState('');
  const [deleting, setDeleting] = useState(false);
  const { data: impacts = [], isPending } = useQuery({
    queryKey: [resource, 'deleteImpact', ids],
    // A resource without a `deleteImpact` call has nothing to say: the plain confirmation holds.
    queryFn: () => dataProvider.invoke<DeleteImpact[]>(resource, 'deleteImpact', { ids: ids.join(',') })
      .catch((error: unknown) => { if (error instanceof NoSuchAction) return []; throw error; }),
    staleTime: 0,
  });
  const carrying = impacts.filter(attached);
  const needsTyping = carrying.length > 0;
  const ready = !isPending;
  const confirmed = !needsTyping || typed.trim() === expected;

  const run = async () => {
    setDeleting(true);
    try {
      const meta = needsTyping ? { confirm: typed.trim() } : undefined;
      if (ids.length === 1) await dataProvider.delete(resource, { id: ids[0], meta });
      else await dataProvider.deleteMany(resource, { ids, meta });
      notify('ra.notification.deleted', { type: 'info', messageArgs: { smart_count: ids.length } });
      onDeleted();
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    } finally {
      setDeleting(false);
    }
  };

  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth>
      <DialogTitle>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText>{question}</DialogContentText>
        {!ready && <Box sx={{ display: 'flex', justifyContent: 'center', py: 2 }}><CircularProgress size={24} /></Box>}
        {needsTyping && (
          <>
            <Alert severity="warning" sx={{ mt: 2 }}>
              {translate('delete.attached', { smart_count: carrying.length })}
              <Box component="ul" sx={{ m: 0, mt: 1, pl: 2.5, maxHeight: 180, overflow: 'auto' }}>
                {carrying.slice(0, 20).map((impact) => <ImpactLine key={impact.id} impact={impact} name={impact.address ?? `#${impact.id}`} />)}
              </Box>
              {carrying.length > 20 && translate('delete.more', { smart_count: carrying.length - 20 })}
              <Box sx={{ mt: 1 }}>{translate('delete.historyKept')}</Box>
            </Alert>
            <TextField
              autoFocus fullWidth size="small" sx={{ mt: 2 }} value={typed} onChange={(event) => setTyped(event.target.value)}
              label={translate('delete.typeToConfirm', { expected })} slotProps={{ htmlInput: { autoComplete: 'off' } }}
            />
          </>
        )}
      </DialogContent>
      <DialogActions>
        <MuiButton onClick={onClose}>{translate('ra.action.cancel')}</MuiButton>
        <MuiButton color="error" variant="contained" disabled={!ready || !confirmed || deleting} onClick={run} startIcon={<DeleteIcon />}>
          {translate('ra.action.delete')}
        </MuiButton>
      </DialogActions>
    </Dialog>
  );
}

/**
 * The name of a resource's records, counted ("3 块水表", "3 water meters"); a resource without a
 * counted name of its own counts records ("1 条记录", "1 record"), never a bare number ("确定要删除选中的 1吗？").
 */
export const useCountOf = () => {
  const translate = useTranslate();
  const resource = useResourceContext();
  // The number with its thousands separators ("1,177 块电表"): the resource's plural form is chosen by smart_count.
  return (count: number) => translate(`resources.${resource}.count`, { smart_count: count, _: translate('bulk.records', { smart_count: count }) })
    .replace(String(count), countText(count));
};

/** Deletes the selected rows (bulk action), after the confirmation above. */
export function BulkDeleteWithImpact() {
  // The list's own unselect (its selection lives under the list's store key, not the resource's).
  const { selectedIds, data, onUnselectItems } = useListContext();
  const translate = useTranslate();
  const refresh = useRefresh();
  const resource = useResourceContext()!;
  const countOf = useCountOf();
  const represent = useGetRecordRepresentation(resource);
  const [open, setOpen] = useState(false);
  const single = selectedIds.length === 1 ? data?.find((record) => record.id === selectedIds[0]) : undefined;
  return (
    <>
      <Button label="ra.action.delete" color="error" onClick={() => setOpen(true)}><DeleteIcon /></Button>
      {open && (
        <DeleteDialog
          ids={selectedIds}
          title={translate('delete.bulkTitle', { count: countOf(selectedIds.length) })}
          question={translate('delete.bulkQuestion', { count: countOf(selectedIds.length) })}
          expected={single ? String(represent(single)) : String(selectedIds.length)}
          onClose={() => setOpen(false)}
          onDeleted={() => { setOpen(false); onUnselectItems(); refresh(); }}
        />
      )}
    </>
  );
}

/** Deletes the record of a record page, after the confirmation above; `onDeleted` closes the page. */
export function DeleteRecordButton({ onDeleted, icon }: { onDeleted: () => void; icon?: ReactNode }) {
  const record = useRecordContext<RaRecord>();
  const resource = useResourceContext()!;
  const translate = useTranslate();
  const represent = useGetRecordRepresentation(resource);
  const { canAccess } = useResourceAccess({ resource, action: 'delete' });
  const [open, setOpen] = useState(false);
  if (!record || !canAccess) return null;
  const name = String(represent(record));
  const kind = translate(`resources.${resource}.name`, { smart_count: 1 });
  return (
    <>
      <Button label="ra.action.delete" color="error" onClick={() => setOpen(true)}>{icon ?? <DeleteIcon />}</Button>
      {open && (
        <DeleteDialog
          ids={[record.id]}
          title={translate('delete.title', { name: kind, record: name })}
          question={translate('delete.question', { name: kind, record: name })}
          expected={name}
          onClose={() => setOpen(false)}
          onDeleted={() => { setOpen(false); onDeleted(); }}
        />
      )}
    </>
  );
}
