import { Fragment, useEffect, useMemo, useState, type KeyboardEvent } from 'react';
import { useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { Box, Dialog, InputAdornment, List, ListItemButton, ListItemText, TextField, Typography } from '@mui/material';
import SearchIcon from '@mui/icons-material/Search';
import type { MenuResource } from '../auth/menu';
import { useMenu } from '../auth/useMenu';
import { menuPath, useMenuTitle } from './SideMenu';
import { routeOfPath } from '../../common/routeCatalog';
import { keywordsMatch } from '../../common/menuKeywords';
import { usePreference } from '../preferences/PreferencesContext';
import { useScore } from '../preferences/screenUse';

export interface MenuEntry {
  id: number;
  /** Titles from the top group down to the entry, joined with ' / ' (统计分析 / 充值订单统计). */
  path: string;
  resUrl: string;
  /** The route it opens (undefined for an entry outside the catalog). */
  route?: string;
}

/** Every navigable entry of a menu tree with its full title path. */
export function menuEntries(menu: MenuResource[], title: (node: MenuResource) => string, parents: string[] = []): MenuEntry[] {
  return menu.flatMap((node) => {
    const names = [...parents, title(node)];
    const own = node.resUrl && node.resUrl !== '#'
      ? [{ id: node.id, path: names.join(' / '), resUrl: node.resUrl, route: routeOfPath(menuPath(node.resUrl))?.name }]
      : [];
    return [...own, ...menuEntries(node.children ?? [], title, names)];
  });
}

/** The text with each case-insensitive occurrence of the query highlighted. */
function Highlight({ text, query }: { text: string; query: string }) {
  if (!query) return <>{text}</>;
  const parts = text.split(new RegExp(`(${query.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')})`, 'ig'));
  return (
    <>
      {parts.map((part, i) => (part.toLowerCase() === query.toLowerCase()
        ? <Box component="mark" key={i} sx={{ bgcolor: 'warning.light', color: 'inherit', px: 0.25 }}>{part}</Box>
        : <Fragment key={i}>{part}</Fragment>))}
    </>
  );
}

const typing = (target: EventTarget | null) =>
  target instanceof HTMLElement && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));

/**
 * Search over all menu entries: key `s` (when no input has focus) opens it, `esc` closes it;
 * it matches the full title path in the current language, the title's pinyin and its initials
 * (yhjf → 用户缴费) and the words operators use for it (充值 → 用户缴费: common/menuKeywords.ts),
 * ranked by the operator's use of each screen (src/preferences/screenUse.ts); a route reached
 * twice in the menu is listed once, and two screens with the same title say which is which;
 * up/down/enter choose.
 */
export function MenuSearch() {
  const translate = useTranslate();
  const navigate = useNavigate();
  const title = useMenuTitle();
  const { data: menu = [] } = useMenu();
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);

  useEffect(() => {
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (event.key === 's' && !event.ctrlKey && !event.metaKey && !event.altKey && !typing(event.target) && !open) {
        event.preventDefault();
        setQuery('');
        setActive(0);
        setOpen(true);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open]);

  const entries = useMemo(() => {
    // A route that the menu tree holds twice (a group and a shortcut, say) is one result.
    const seen = new Set<string>();
    return menuEntries(menu, title).filter((entry) => {
      const key = entry.route ?? entry.resUrl;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
  }, [menu, title]);
  const use = usePreference('screenUse');
  const matches = useMemo(() => {
    const q = query.trim().toLowerCase();
    if (!q) return entries;
    // Every entry the text finds: in its title path, or by pinyin or another word (充值 → 用户缴费).
    const found = entries.flatMap((entry, order) => {
      const byTitle = entry.path.toLowerCase().includes(q);
      if (!byTitle && !(entry.route !== undefined && keywordsMatch(entry.route, q))) return [];
      const exact = entry.path.split(' / ').pop()!.toLowerCase() === q;
      return [{ entry, order, byTitle, exact, score: useScore(use, entry.route) }];
    });
    // The screen the operator most likely means first: one whose own title is the text, then by
    // use (how often they opened it, with a built-in prior), then a title match before one by
    // another word, then the menu's order.
    found.sort((a, b) => Number(b.exact) - Number(a.exact) || b.score - a.score || Number(b.byTitle) - Number(a.byTitle) || a.order - b.order);
    return found.map(({ entry }) => entry);
  }, [entries, query, use]);
  /** Titles that two entries share: those entries say which screen they are. */
  const shared = useMemo(() => {
    const counts = new Map<string, number>();
    for (const entry of entries) counts.set(entry.path, (counts.get(entry.path) ?? 0) + 1);
    return new Set([...counts].filter(([, n]) => n > 1).map(([path]) => path));
  }, [entries]);

  const go = (entry?: MenuEntry) => {
    if (!entry) return;
    setOpen(false);
    navigate(menuPath(entry.resUrl));
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setActive((i) => Math.min(i + 1, matches.length - 1));
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setActive((i) => Math.max(i - 1, 0));
    } else if (event.key === 'Enter') {
      event.preventDefault();
      go(matches[active]);
    }
  };

  return (
    <Dialog open={open} onClose={() => setOpen(false)} fullWidth maxWidth="sm" slotProps={{ paper: { sx: { alignSelf: 'flex-start', mt: 10 } } }}>
      <Box sx={{ p: 2 }} role="search">
        <TextField
          autoFocus fullWidth value={query} placeholder={translate('search.placeholder')}
          onChange={(event) => { setQuery(event.target.value); setActive(0); }} onKeyDown={onKeyDown}
          slotProps={{ input: { startAdornment: <InputAdornment position="start"><SearchIcon /></InputAdornment> }, htmlInput: { 'aria-label': translate('search.placeholder') } }}
        />
        <List dense sx={{ maxHeight: 360, overflow: 'auto', mt: 1 }} role="listbox">
          {matches.map((entry, i) => (
            <ListItemButton key={entry.id} selected={i === active} onClick={() => go(entry)} onMouseEnter={() => setActive(i)} role="option" aria-selected={i === active}>
              <ListItemText
                primary={<Highlight text={entry.path} query={query.trim()} />}
                secondary={shared.has(entry.path) && entry.route ? translate(`search.which.${entry.route}`, { _: entry.resUrl }) : undefined}
              />
            </ListItemButton>
          ))}
          {!matches.length && <Typography variant="body2" color="text.secondary" sx={{ p: 2 }}>{translate('search.empty')}</Typography>}
        </List>
        <Typography variant="caption" color="text.secondary">{translate('search.hint')}</Typography>
      </Box>
    </Dialog>
  );
}
