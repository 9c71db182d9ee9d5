import { AppBar, LocalesMenuButton, UserMenu, useTranslate } from 'react-admin';
import { Box, Typography } from '@mui/material';
import { PLATFORM_VERSION } from '../config';
import { HeaderMenu } from './HeaderMenu';
import { AlarmBell } from './AlarmBell';
import { FullscreenButton } from './FullscreenButton';
import { SettingsDrawer } from './SettingsDrawer';
import { ChangePasswordItem, ConfirmLogoutItem } from './UserMenuItems';

/**
 * The header (SPEC.md section 2): platform title, side-menu toggle, header menu, read-failure
 * alarm bell, full-screen toggle, language switcher, user dropdown (change password, log out).
 */
export function Header() {
  const translate = useTranslate();
  return (
    <AppBar
      // Always shown (not hidden on scroll), so the tab bar can stay in sight beneath it.
      alwaysOn
      color="primary"
      // Button labels (the language switcher's 日本語) stay on one line.
      sx={{ '& .MuiButton-root': { whiteSpace: 'nowrap', flexShrink: 0 } }}
      userMenu={<UserMenu><ChangePasswordItem /><ConfirmLogoutItem /></UserMenu>}
      toolbar={<><AlarmBell /><FullscreenButton /><SettingsDrawer /><LocalesMenuButton /></>}
    >
      <Typography variant="h6" component="span" sx={{ fontWeight: 600, mr: 1, whiteSpace: 'nowrap' }}>{translate('app.name')}</Typography>
      <Typography variant="caption" sx={{ opacity: 0.8, mr: 1 }}>{PLATFORM_VERSION}</Typography>
      <HeaderMenu />
      {/* The page's title is its tab's (and the document's): the header keeps its room for the menu. */}
      <Box sx={{ flex: 1 }} />
    </AppBar>
  );
}
