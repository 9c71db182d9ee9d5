import { defaultTheme, type RaThemeOptions } from 'react-admin';
import { DEFAULT_THEME_COLOR } from '../config';

/** The console's base theme (the six themes of the layout shell build on it). */
export const theme: RaThemeOptions = {
  ...defaultTheme,
  palette: { primary: { main: DEFAULT_THEME_COLOR, contrastText: '#fff' }, secondary: { main: '#304156' }, background: { default: '#f0f2f5' } },
  sidebar: { width: 220, closedWidth: 65 },
  components: {
    ...defaultTheme.components,
    RaAppBar: { styleOverrides: { root: { '& .RaAppBar-toolbar': { minHeight: 50 } } } },
  },
};
