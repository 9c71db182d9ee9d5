import { useState, type FormEvent } from 'react';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, TextField } from '@mui/material';
import type { MeteringDataProvider } from '../../../data/dataProvider';
import { passwordMessage, type SysUser } from './model';

/** Sets a new password for an account (its sessions end); the same rules as the server's, shown as typed. */
export function ResetPasswordDialog({ user, onClose }: { user: SysUser; onClose: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<MeteringDataProvider>();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [saving, setSaving] = useState(false);
  const problem = password ? passwordMessage(password, user.userName) : undefined;
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (password !== confirm) {
      notify('password.mismatch', { type: 'warning' });
      return;
    }
    if (problem) return;
    setSaving(true);
    try {
      await dataProvider.invoke('sysuser', 'resetPassword', { id: user.id, password });
      notify('system.resetDone', { type: 'success' });
      onClose();
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    } finally {
      setSaving(false);
    }
  };
  return (
    <Dialog open onClose={onClose} maxWidth="xs" fullWidth onClick={(event) => event.stopPropagation()}>
      <form onSubmit={submit} noValidate>
        <DialogTitle>{translate('system.resetTitle', { name: user.userName })}</DialogTitle>
        <DialogContent>
          <Alert severity="info" sx={{ mb: 1 }}>{translate('system.resetHint')}</Alert>
          <TextField
            label={translate('system.newPassword')} type="password" value={password} onChange={(e) => setPassword(e.target.value)} fullWidth margin="dense"
            required autoComplete="new-password" error={!!problem} helperText={translate(problem ?? 'system.passwordHelp')}
          />
          <TextField
            label={translate('system.confirmPassword')} type="password" value={confirm} onChange={(e) => setConfirm(e.target.value)} fullWidth margin="dense"
            required autoComplete="new-password"
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={saving || !password || !confirm}>{translate('ra.action.confirm')}</Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
