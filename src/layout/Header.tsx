import { AppBar, LocalesMenuButton, Logout, TitlePortal, UserMenu, useTranslate } from 'react-admin';
import { Box, Typography } from '@mui/material';
import { PLATFORM_VERSION } from '../config';

/** The app bar: platform title, language switcher, user menu with log out. */
export function Header() {
  const translate = useTranslate();
  return (
    <AppBar
      color="primary"
      userMenu={<UserMenu><Logout /></UserMenu>}
      toolbar={<LocalesMenuButton />}
    >
      <Typography variant="h6" component="span" sx={{ fontWeight: 600, mr: 1, whiteSpace: 'nowrap' }}>{translate('app.name')}</Typography>
      <Typography variant="caption" sx={{ opacity: 0.8, mr: 2 }}>{PLATFORM_VERSION}</Typography>
      <TitlePortal variant="body1" sx={{ opacity: 0.9 }} />
      <Box sx={{ flex: 1 }} />
    </AppBar>
  );
}
