import { useEffect, useState } from 'react';
import { useDataProvider, useNotify, useRecordContext, useStore, useTranslate } from 'react-admin';
import { useMutation } from '@tanstack/react-query';
import { Alert, Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import SettingsRemoteIcon from '@mui/icons-material/SettingsRemote';
import type { MeteringDataProvider } from '../../data/dataProvider';
import { useCanCommand, useDeviceActions } from '../devices/DeviceActions';
import { RowIconButton } from '../list/RowButtons';
import { useTemplateUse, type TemplateRecord } from './UsedBy';

/** command/create takes at most this many devices at once. */
const COMMANDS_PER_CALL = 5000;

/** What a saved template in use leaves for its list: the offer to push it to its meters now. */
export interface PushOffer {
  id: number;
  name: string;
  usedBy: number;
}

/** The store key of a resource's pending offer (set by the edit page, taken by the list). */
export const pushOfferKey = (resource: string) => `${resource}.pushOffer`;

/**
 * Pushes a parameter set to the electric meters that use it, through the device action flow: the
 * question states the set and the count of meters, then one `set_parameter` command per meter
 * (`command/create`, payload setKind + setId), whose live progress the screen's
 * `DeviceActionsProvider` shows. A meter's assignment is recorded when its command succeeds.
 */
export function PushDialog({ record, setKind, resource, offer = false, onClose }: {
  record: TemplateRecord;
  setKind: string;
  resource: string;
  /** Asked after a save (the wording says the set is in use and offers "later"). */
  offer?: boolean;
  onClose: () => void;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<MeteringDataProvider>();
  const { track } = useDeviceActions();
  const { data: use, isPending } = useTemplateUse(record.id);
  const electric = use?.electricIds ?? [];
  const water = (use?.records ?? []).some((user) => user.kind === 'water');
  const mutation = useMutation({
    mutationFn: async () => {
      const ids: number[] = [];
      for (let from = 0; from < electric.length; from += COMMANDS_PER_CALL) {
        const queued = await dataProvider.invoke<{ ids: number[] }>(resource, 'push', {
          deviceKind: 'electric', deviceIds: electric.slice(from, from + COMMANDS_PER_CALL), type: 'set_parameter', payload: { setKind, setId: record.id },
        });
        ids.push(...queued.ids);
      }
      return { ids };
    },
    onSuccess: ({ ids }) => { track('tariffs.push.progress', ids); onClose(); },
    onError: (error: Error) => notify(error.message, { type: 'error' }),
  });
  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth>
      <DialogTitle>{translate('tariffs.push.title', { name: record.name })}</DialogTitle>
      <DialogContent>
        {offer && <DialogContentText sx={{ mb: 1 }}>{translate('tariffs.push.offer', { name: record.name })}</DialogContentText>}
        {isPending ? <CircularProgress size={20} /> : (
          <DialogContentText role="status">
            {electric.length ? translate('tariffs.push.question', { name: record.name, smart_count: electric.length }) : translate('tariffs.push.nothing')}
          </DialogContentText>
        )}
        <Alert severity="info" sx={{ mt: 1.5 }}>{translate('tariffs.push.rule')}</Alert>
        {water && <Alert severity="info" sx={{ mt: 1 }}>{translate('tariffs.push.water')}</Alert>}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate(offer ? 'tariffs.push.later' : 'ra.action.cancel')}</Button>
        <Button variant="contained" disabled={!electric.length || mutation.isPending} onClick={() => mutation.mutate()}>{translate('ra.action.confirm')}</Button>
      </DialogActions>
    </Dialog>
  );
}

/** Row action of a parameter set in use: push it to its meters. */
export function PushRowButton({ setKind, resource }: { setKind: string; resource: string }) {
  const record = useRecordContext<TemplateRecord>();
  const canCommand = useCanCommand();
  const [open, setOpen] = useState(false);
  if (!record || !record.usedBy || !canCommand) return null;
  return (
    <>
      <RowIconButton label="tariffs.push.action" icon={<SettingsRemoteIcon fontSize="small" />} onClick={() => setOpen(true)} />
      {open && <PushDialog record={record} setKind={setKind} resource={resource} onClose={() => setOpen(false)} />}
    </>
  );
}

/** On the list: the offer left by a save of a set in use, asked once. */
export function PushOfferPrompt({ setKind, resource }: { setKind: string; resource: string }) {
  const [offer, setOffer] = useStore<PushOffer | null>(pushOfferKey(resource), null);
  const [shown, setShown] = useState<PushOffer | null>(null);
  const canCommand = useCanCommand();
  useEffect(() => {
    if (offer) {
      setShown(offer);
      setOffer(null);
    }
  }, [offer, setOffer]);
  if (!shown || !canCommand) return null;
  return <PushDialog record={shown} setKind={setKind} resource={resource} offer onClose={() => setShown(null)} />;
}
