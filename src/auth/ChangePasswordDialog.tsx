import { useState, type FormEvent } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, TextField } from '@mui/material';
import { request } from '../http/client';
import { PASSWORD_MIN } from '../../common/passwords';
import { readCookie } from './cookies';
import { clearClientSession } from './menu';

/**
 * SPEC.md section 5: user name read-only from the cookie; a new password under 6 characters shows
 * 密码长度必须大于 6 位！ as it is typed; a different confirmation shows 两次密码不相同，请检查！ and
 * submits nothing; success shows 修改密码成功，需重新登录！ and ends the session.
 */
export function ChangePasswordDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const userName = readCookie('username') ?? '';
  const [old, setOld] = useState('');
  const [next, setNext] = useState('');
  const [confirm, setConfirm] = useState('');
  const [saving, setSaving] = useState(false);
  const tooShort = next.length > 0 && next.length < PASSWORD_MIN;

  const close = () => {
    setOld('');
    setNext('');
    setConfirm('');
    onClose();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (next !== confirm) {
      notify('password.mismatch', { type: 'warning' });
      return;
    }
    if (next.length < PASSWORD_MIN || !old) return;
    setSaving(true);
    try {
      await request({ method: 'put', url: 'sysUser/updateUserPwd', data: { userName, passWord: old, passWordNew: next }, form: true });
      notify('password.success', { type: 'success' });
      clearClientSession();
      close();
      navigate('/login');
    } catch {
      // The HTTP client has shown the server's message (e.g. a wrong current password).
    } finally {
      setSaving(false);
    }
  };

  return (
    <Dialog open={open} onClose={close} maxWidth="xs" fullWidth>
      <form onSubmit={submit} noValidate>
        <DialogTitle>{translate('password.title')}</DialogTitle>
        <DialogContent>
          <TextField label={translate('password.userName')} value={userName} fullWidth margin="dense" slotProps={{ htmlInput: { readOnly: true } }} />
          <TextField label={translate('password.old')} type="password" value={old} onChange={(e) => setOld(e.target.value)} fullWidth margin="dense" required autoComplete="current-password" />
          <TextField
            label={translate('password.new')} type="password" value={next} onChange={(e) => setNext(e.target.value)} fullWidth margin="dense" required
            autoComplete="new-password" error={tooShort} helperText={tooShort ? translate('password.tooShort') : ' '}
          />
          <TextField label={translate('password.confirm')} type="password" value={confirm} onChange={(e) => setConfirm(e.target.value)} fullWidth margin="dense" required autoComplete="new-password" />
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>{translate('ra.action.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={saving || !old || !next || !confirm}>{translate('ra.action.confirm')}</Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
