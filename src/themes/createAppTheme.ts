import { defaultTheme, type RaThemeOptions } from 'react-admin';
import { getContrastRatio } from '@mui/material/styles';
import { MENU_WIDTH, MENU_WIDTH_COLLAPSED } from '../config';
import type { ThemeSpec } from './palettes';

export type ElementSize = 'small' | 'default' | 'large';

const FONT_SIZE: Record<ElementSize, number> = { small: 13, default: 14, large: 15 };

/** White or near-black, whichever reads better on the colour (WCAG). */
export const readableOn = (colour: string) => (getContrastRatio(colour, '#ffffff') >= 4.5 ? '#ffffff' : '#1a1a1a');

/** A full MUI theme from a theme spec, the operator's theme colour and element size. */
export function createAppTheme(spec: ThemeSpec, colour: string, size: ElementSize): RaThemeOptions {
  const control = size === 'small' ? 'small' : size === 'large' ? 'medium' : 'small';
  const dense = size !== 'large';
  return {
    ...defaultTheme,
    palette: {
      mode: spec.mode,
      primary: { main: colour, contrastText: readableOn(colour) },
      secondary: { main: spec.sidebarActive, contrastText: spec.sidebarActiveText },
      background: { default: spec.background, paper: spec.paper },
      text: { primary: spec.text, secondary: spec.textSecondary },
      divider: spec.divider,
    },
    shape: { borderRadius: spec.borderRadius },
    typography: { fontSize: FONT_SIZE[size], fontFamily: '"Helvetica Neue", Helvetica, "PingFang SC", "Hiragino Sans GB", "Microsoft YaHei", "Noto Sans CJK SC", Arial, sans-serif' },
    sidebar: { width: MENU_WIDTH, closedWidth: MENU_WIDTH_COLLAPSED },
    components: {
      ...defaultTheme.components,
      // react-admin leaves MUI's untranslated "No options" when nothing matches: a message key instead.
      RaAutocompleteInput: { defaultProps: { noOptionsText: 'app.noOptions' } },
      MuiButton: { defaultProps: { size: control } },
      MuiTextField: { defaultProps: { size: control } },
      MuiFormControl: { defaultProps: { size: control } },
      MuiTable: { defaultProps: { size: dense ? 'small' : 'medium' } },
      MuiTableCell: { styleOverrides: { head: { backgroundColor: spec.tableHead, fontWeight: 600 } } },
      MuiPaper: {
        styleOverrides: { root: spec.outlined ? { boxShadow: 'none', border: `1px solid ${spec.divider}` } : {} },
      },
      MuiAppBar: {
        styleOverrides: {
          root: {
            backgroundColor: spec.appBar, color: spec.appBarText, backgroundImage: 'none',
            ...(spec.outlined || spec.appBar === '#ffffff' ? { boxShadow: 'none', borderBottom: `1px solid ${spec.divider}` } : {}),
          },
        },
      },
      RaAppBar: { styleOverrides: { root: { '& .RaAppBar-toolbar': { minHeight: 50 } } } },
      RaSidebar: {
        styleOverrides: {
          root: {
            '& .RaSidebar-fixed, & .MuiPaper-root': { backgroundColor: spec.sidebar, color: spec.sidebarText },
            '& .MuiListItemIcon-root, & .MuiSvgIcon-root': { color: spec.sidebarText },
            '& .MuiListItemButton-root, & .RaMenuItemLink-root': { color: spec.sidebarText },
            '& a.RaMenuItemLink-active': { backgroundColor: spec.sidebarActive, color: spec.sidebarActiveText },
            '& a.RaMenuItemLink-active .MuiListItemIcon-root, & a.RaMenuItemLink-active .MuiSvgIcon-root, & a.RaMenuItemLink-active .MuiTypography-root, & a.RaMenuItemLink-active .MuiListItemText-root': { color: spec.sidebarActiveText },
            '& .MuiTypography-root': { color: 'inherit' },
            backgroundColor: spec.sidebar,
          },
        },
      },
      RaLayout: { styleOverrides: { root: { backgroundColor: spec.background } } },
      // Wide tables scroll inside their list instead of widening the page.
      // (the table wrapper scrolls, not the list content, which holds the bulk-actions toolbar).
      RaList: { styleOverrides: { root: { minWidth: 0, '& .RaList-main, & .RaList-content': { minWidth: 0 } } } },
      RaDataTable: { styleOverrides: { root: { '& .RaDataTable-tableWrapper': { overflowX: 'auto' } } } },
    },
  } as RaThemeOptions;
}
