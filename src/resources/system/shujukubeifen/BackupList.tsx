import { useState, type FormEvent } from 'react';
import { useDataProvider, useLogout, useNotify, useRecordContext, useRefresh, useTranslate } from 'react-admin';
import { Alert, Box, Button, Chip, Dialog, DialogActions, DialogContent, DialogTitle, LinearProgress, TextField, Typography } from '@mui/material';
import BackupIcon from '@mui/icons-material/Backup';
import DeleteIcon from '@mui/icons-material/Delete';
import DownloadIcon from '@mui/icons-material/Download';
import RestoreIcon from '@mui/icons-material/SettingsBackupRestore';
import { ListScreen } from '../../../components/list/ListScreen';
import type { Column } from '../../../components/list/columns';
import { RowConfirm, RowIconButton } from '../../../components/list/RowButtons';
import type { MeteringDataProvider } from '../../../data/dataProvider';

export interface Backup {
  id: number; fileName: string; kind: 'pglite' | 'pg'; sizeBytes: number; state: string; createdBy: number | null; createdByName: string | null; createdAt: string;
}

/** A file size in the largest unit that keeps it at or above 1 (B, KB, MB, GB). */
export function fileSize(bytes: number): string {
  const units = ['B', 'KB', 'MB', 'GB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${unit === 0 ? value : value.toFixed(1)} ${units[unit]}`;
}

function KindChip({ record }: { record: Backup }) {
  const translate = useTranslate();
  return <Chip size="small" variant="outlined" color={record.kind === 'pg' ? 'info' : 'default'} label={translate(`backup.kind.${record.kind}`)} />;
}

function ScheduledOr({ record }: { record: Backup }) {
  const translate = useTranslate();
  return <>{record.createdByName ?? translate('backup.scheduled')}</>;
}

const COLUMNS: Column<Backup>[] = [
  { source: 'fileName', kind: 'code', priority: 1, minWidth: 260 },
  { source: 'kind', priority: 1, sortable: false, render: (record) => <KindChip record={record} />, csv: (record) => record.kind },
  { source: 'sizeBytes', kind: 'number', priority: 1, render: (record) => fileSize(record.sizeBytes), csv: (record) => record.sizeBytes },
  // A backup without a creator is the scheduled one (BACKUP_DAILY_AT).
  { source: 'createdByName', priority: 2, sortable: false, render: (record) => <ScheduledOr record={record} />, csv: (record, translate) => record.createdByName ?? translate('backup.scheduled') },
  { source: 'createdAt', kind: 'datetime', priority: 1 },
];

/** 立即备份: an optional remark, then the backup (a minute or two for a large database). */
function BackupNowButton() {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const dataProvider = useDataProvider<MeteringDataProvider>();
  const [open, setOpen] = useState(false);
  const [remark, setRemark] = useState('');
  const [running, setRunning] = useState(false);
  const [error, setError] = useState<string>();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setRunning(true);
    setError(undefined);
    try {
      const created = await dataProvider.invoke<Backup>('shujukubeifen', 'create', { remark: remark.trim() });
      notify('backup.created', { type: 'success', messageArgs: { name: created.fileName } });
      setOpen(false);
      setRemark('');
      refresh();
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setRunning(false);
    }
  };
  return (
    <>
      <Button size="small" variant="contained" startIcon={<BackupIcon />} onClick={() => setOpen(true)}>{translate('backup.create')}</Button>
      <Dialog open={open} onClose={() => !running && setOpen(false)} maxWidth="sm" fullWidth>
        <form onSubmit={submit} noValidate>
          <DialogTitle>{translate('backup.createTitle')}</DialogTitle>
          <DialogContent>
            <Alert severity="info" sx={{ mb: 1 }}>{translate('backup.createHint')}</Alert>
            {error && <Alert severity="error" sx={{ mb: 1 }}>{error}</Alert>}
            <TextField
              label={translate('backup.remark')} value={remark} onChange={(e) => setRemark(e.target.value)} fullWidth margin="dense" disabled={running}
              error={remark.trim().length > 100} helperText={remark.trim().length > 100 ? translate('menuAdmin.nameTooLong', { max: 100 }) : ' '}
            />
            {running && (
              <Box sx={{ mt: 1 }}>
                <Typography variant="body2" sx={{ mb: 0.5 }}>{translate('backup.creating')}</Typography>
                <LinearProgress />
              </Box>
            )}
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setOpen(false)} disabled={running}>{translate('ra.action.cancel')}</Button>
            <Button type="submit" variant="contained" disabled={running || remark.trim().length > 100}>{translate('backup.create')}</Button>
          </DialogActions>
        </form>
      </Dialog>
    </>
  );
}

function DownloadButton() {
  const record = useRecordContext<Backup>();
  const dataProvider = useDataProvider<MeteringDataProvider>();
  const notify = useNotify();
  if (!record) return null;
  const download = async () => {
    try {
      await dataProvider.invoke('shujukubeifen', 'download', { id: record.id, filename: record.fileName });
    } catch (err) {
      notify((err as Error).message, { type: 'error' });
    }
  };
  return <RowIconButton label="backup.download" icon={<DownloadIcon fontSize="small" />} onClick={download} />;
}

/** 恢复: a warning, the file name typed to confirm, the restore, then everyone signs in again. */
function RestoreButton() {
  const record = useRecordContext<Backup>();
  const translate = useTranslate();
  const dataProvider = useDataProvider<MeteringDataProvider>();
  const logout = useLogout();
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const [running, setRunning] = useState(false);
  const [error, setError] = useState<string>();
  const [done, setDone] = useState<{ tables: number; rows: number }>();
  if (!record) return null;
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (typed !== record.fileName) return;
    setRunning(true);
    setError(undefined);
    try {
      setDone(await dataProvider.invoke<{ tables: number; rows: number }>('shujukubeifen', 'restore', { id: record.id, confirm: typed }));
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setRunning(false);
    }
  };
  return (
    <>
      <RowIconButton label="backup.restore" color="warning" icon={<RestoreIcon fontSize="small" />} onClick={() => { setTyped(''); setError(undefined); setOpen(true); }} />
      <Dialog open={open} onClose={() => !running && !done && setOpen(false)} maxWidth="sm" fullWidth onClick={(event) => event.stopPropagation()}>
        {done ? (
          <>
            <DialogTitle>{translate('backup.restoreTitle')}</DialogTitle>
            <DialogContent><Alert severity="success">{translate('backup.restored', { tables: done.tables, rows: done.rows.toLocaleString() })}</Alert></DialogContent>
            <DialogActions><Button variant="contained" onClick={() => logout()}>{translate('ra.auth.sign_in')}</Button></DialogActions>
          </>
        ) : (
          <form onSubmit={submit} noValidate>
            <DialogTitle>{translate('backup.restoreTitle')}</DialogTitle>
            <DialogContent>
              <Alert severity="warning" sx={{ mb: 1.5 }}>{translate('backup.restoreWarning')}</Alert>
              {error && <Alert severity="error" sx={{ mb: 1 }}>{error}</Alert>}
              <Typography variant="body2" sx={{ mb: 0.5 }}>{translate('backup.restoreType', { name: record.fileName })}</Typography>
              <TextField
                value={typed} onChange={(e) => setTyped(e.target.value)} fullWidth size="small" autoComplete="off" disabled={running}
                slotProps={{ htmlInput: { 'aria-label': translate('resources.shujukubeifen.fields.fileName'), spellCheck: false } }} sx={{ fontFamily: 'monospace' }}
              />
              {running && (
                <Box sx={{ mt: 1.5 }}>
                  <Typography variant="body2" sx={{ mb: 0.5 }}>{translate('backup.restoring')}</Typography>
                  <LinearProgress color="warning" />
                </Box>
              )}
            </DialogContent>
            <DialogActions>
              <Button onClick={() => setOpen(false)} disabled={running}>{translate('ra.action.cancel')}</Button>
              <Button type="submit" variant="contained" color="warning" disabled={running || typed !== record.fileName}>{translate('backup.restore')}</Button>
            </DialogActions>
          </form>
        )}
      </Dialog>
    </>
  );
}

function DeleteButton() {
  const record = useRecordContext<Backup>();
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const dataProvider = useDataProvider<MeteringDataProvider>();
  const [open, setOpen] = useState(false);
  if (!record) return null;
  const confirm = async () => {
    setOpen(false);
    try {
      await dataProvider.invoke('shujukubeifen', 'remove', { id: record.id });
      notify('backup.deleted', { type: 'success' });
      refresh();
    } catch (err) {
      notify((err as Error).message, { type: 'error' });
    }
  };
  return (
    <>
      <RowIconButton label="backup.deleteTitle" color="error" icon={<DeleteIcon fontSize="small" />} onClick={() => setOpen(true)} />
      <RowConfirm isOpen={open} title="backup.deleteTitle" content={translate('backup.deleteConfirm', { name: record.fileName })} onConfirm={confirm} onClose={() => setOpen(false)} />
    </>
  );
}

export default function BackupList() {
  const translate = useTranslate();
  return (
    <ListScreen<Backup>
      columns={COLUMNS}
      toolbar={<BackupNowButton />}
      rowActions={<><DownloadButton /><RestoreButton /><DeleteButton /></>}
      deletable={false}
      empty={false}
      summary={<Alert severity="info" sx={{ mx: 1, mb: 1 }}>{translate('backup.intro')}</Alert>}
    />
  );
}
