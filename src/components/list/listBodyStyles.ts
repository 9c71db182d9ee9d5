import { alpha, darken, lighten, type CSSObject, type Theme } from '@mui/material/styles';
import { LIST_CELL, LIST_ROW, ROW_CHECK } from './ListBody';
import { TAG } from './columns';
import { ROW_ACTION } from './RowButtons';

/** A colour laid over an element's background colour. */
const layer = (color: string) => `linear-gradient(${color}, ${color})`;

const TAG_COLORS = ['primary', 'secondary', 'success', 'error', 'info', 'warning'] as const;

/**
 * The looks of the list body's plain rows, cells, selection boxes and tags (`ListBody`, `CellTag`),
 * set once on the table: MUI's own styles of a small `TableRow` / `TableCell`, a `Checkbox` in a
 * small table, a small outlined `Chip` and a small `IconButton` (the row actions), from the theme, so that every theme shows them as before.
 * (In `sx` a bare number for padding or a radius is a multiple of the theme's spacing or radius:
 * lengths here are written in px.)
 */
export const listBodyStyles = (theme: Theme): CSSObject => {
  const { palette, typography } = theme;
  const tagColors = Object.fromEntries(TAG_COLORS.map((color) => [`& .${TAG}-${color}`, {
    color: palette[color].main,
    borderColor: alpha(palette[color].main, 0.7),
  }]));
  const actionColors = Object.fromEntries((['primary', 'warning', 'error'] as const).map((color) => [`& .${ROW_ACTION}-${color}`, {
    color: palette[color].main,
    '&:hover': { backgroundColor: alpha(palette[color].main, palette.action.hoverOpacity) },
    '&:focus-visible': { backgroundColor: alpha(palette[color].main, palette.action.focusOpacity) },
  }]));
  return {
    [`& .${LIST_ROW}`]: {
      color: 'inherit', display: 'table-row', verticalAlign: 'middle', outline: 0,
      '&:hover': { backgroundColor: palette.action.hover },
      '&.Mui-selected': {
        backgroundColor: alpha(palette.primary.main, palette.action.selectedOpacity),
        '&:hover': { backgroundColor: alpha(palette.primary.main, palette.action.selectedOpacity + palette.action.hoverOpacity) },
      },
    },
    // The sticky row-actions cell is opaque (columns scroll under it): it shows the row's hover and
    // selection as a layer over the paper.
    [`& .${LIST_ROW}:hover .row-actions`]: { backgroundImage: layer(palette.action.hover) },
    [`& .${LIST_ROW}.Mui-selected .row-actions`]: { backgroundImage: layer(alpha(palette.primary.main, palette.action.selectedOpacity)) },
    [`& .${LIST_ROW}.Mui-selected:hover .row-actions`]: {
      backgroundImage: layer(alpha(palette.primary.main, palette.action.selectedOpacity + palette.action.hoverOpacity)),
    },
    [`& .${LIST_CELL}`]: {
      fontFamily: typography.body2.fontFamily,
      fontWeight: typography.body2.fontWeight,
      fontSize: typography.body2.fontSize,
      lineHeight: typography.body2.lineHeight,
      letterSpacing: typography.body2.letterSpacing,
      display: 'table-cell',
      verticalAlign: 'inherit',
      borderBottom: `1px solid ${palette.mode === 'light' ? lighten(alpha(palette.divider, 1), 0.88) : darken(alpha(palette.divider, 1), 0.68)}`,
      textAlign: 'left',
      padding: '6px 16px',
      color: palette.text.primary,
      '&.MuiTableCell-alignRight': { textAlign: 'right' },
      '&.MuiTableCell-paddingCheckbox': { width: 24, padding: '0 12px 0 16px' },
    },
    [`& .${ROW_CHECK}`]: {
      display: 'inline-flex', position: 'relative', verticalAlign: 'middle', borderRadius: '50%',
      color: palette.text.secondary,
      '&.Mui-checked': { color: palette.primary.main },
      '&:hover': { backgroundColor: alpha(palette.primary.main, palette.action.hoverOpacity) },
      '@media (hover: none)': { '&:hover': { backgroundColor: 'transparent' } },
      '&:has(input:focus-visible)': { backgroundColor: alpha(palette.primary.main, palette.action.focusOpacity) },
      '& input': { cursor: 'pointer', position: 'absolute', opacity: 0, width: '100%', height: '100%', top: 0, left: 0, margin: 0, padding: 0, zIndex: 1 },
      '& svg': { width: '1em', height: '1em', fontSize: typography.pxToRem(24), fill: 'currentColor', flexShrink: 0, userSelect: 'none' },
    },
    [`& .${TAG}`]: {
      display: 'inline-flex', alignItems: 'center', justifyContent: 'center', boxSizing: 'border-box', verticalAlign: 'middle',
      height: 24, padding: '0 7px', borderRadius: '12px', whiteSpace: 'nowrap',
      fontFamily: typography.fontFamily, fontSize: typography.pxToRem(13),
      color: palette.text.primary,
      border: `1px solid ${palette.mode === 'light' ? palette.grey[400] : palette.grey[700]}`,
    },
    ...tagColors,
    [`& .${ROW_ACTION}`]: {
      display: 'inline-flex', alignItems: 'center', justifyContent: 'center', position: 'relative', boxSizing: 'border-box',
      flex: '0 0 auto', margin: 0, border: 0, outline: 0, padding: '5px', borderRadius: '50%', cursor: 'pointer', userSelect: 'none',
      verticalAlign: 'middle', textDecoration: 'none', backgroundColor: 'transparent', WebkitTapHighlightColor: 'transparent',
      fontSize: typography.pxToRem(18), color: palette.action.active,
      transition: theme.transitions.create('background-color', { duration: theme.transitions.duration.shortest }),
      '&:hover': { backgroundColor: alpha(palette.action.active, palette.action.hoverOpacity) },
      '&:focus-visible': { backgroundColor: alpha(palette.action.active, palette.action.focusOpacity) },
      '@media (hover: none)': { '&:hover': { backgroundColor: 'transparent' } },
    },
    ...actionColors,
  };
};
