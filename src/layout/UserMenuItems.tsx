import { forwardRef, useState } from 'react';
import { useLogout, useNotify, useTranslate, useUserMenu } from 'react-admin';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, ListItemIcon, ListItemText, MenuItem } from '@mui/material';
import LockResetIcon from '@mui/icons-material/LockReset';
import ExitToAppIcon from '@mui/icons-material/ExitToApp';
import { ChangePasswordDialog } from '../auth/ChangePasswordDialog';

/** User menu: change password. */
export const ChangePasswordItem = forwardRef<HTMLLIElement>(function ChangePasswordItem(_, ref) {
  const translate = useTranslate();
  const userMenu = useUserMenu();
  const [open, setOpen] = useState(false);
  return (
    <>
      <MenuItem ref={ref} onClick={() => setOpen(true)}>
        <ListItemIcon><LockResetIcon fontSize="small" /></ListItemIcon>
        <ListItemText>{translate('shell.changePassword')}</ListItemText>
      </MenuItem>
      <ChangePasswordDialog open={open} onClose={() => { setOpen(false); userMenu?.onClose(); }} />
    </>
  );
});

/** User menu: log out after the confirmation 确定要注销当前用户吗 (cancel says 取消注销操作). */
export const ConfirmLogoutItem = forwardRef<HTMLLIElement>(function ConfirmLogoutItem(_, ref) {
  const translate = useTranslate();
  const notify = useNotify();
  const logout = useLogout();
  const userMenu = useUserMenu();
  const [open, setOpen] = useState(false);
  const cancel = () => {
    setOpen(false);
    userMenu?.onClose();
    notify('logout.cancelled', { type: 'info' });
  };
  return (
    <>
      <MenuItem ref={ref} onClick={() => setOpen(true)}>
        <ListItemIcon><ExitToAppIcon fontSize="small" /></ListItemIcon>
        <ListItemText>{translate('shell.logout')}</ListItemText>
      </MenuItem>
      <Dialog open={open} onClose={cancel}>
        <DialogTitle>{translate('logout.title')}</DialogTitle>
        <DialogContent><DialogContentText>{translate('logout.confirm')}</DialogContentText></DialogContent>
        <DialogActions>
          <Button onClick={cancel}>{translate('ra.action.cancel')}</Button>
          <Button variant="contained" onClick={() => { setOpen(false); logout(); }}>{translate('ra.action.confirm')}</Button>
        </DialogActions>
      </Dialog>
    </>
  );
});
