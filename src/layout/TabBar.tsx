import { useEffect, useMemo, useRef, useState, type MouseEvent } from 'react';
import { useGetOne, useNotify, useResourceDefinitions, useTranslate } from 'react-admin';
import { useLocation, useNavigate } from 'react-router-dom';
import { Box, IconButton, Menu, MenuItem, Tab as MuiTab, Tabs, Tooltip, type TabsActions } from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import { usePreference, usePreferenceActions } from '../preferences/PreferencesContext';
import { routeOfPath } from '../../common/routeCatalog';
import { closeTabs, openTab, pinHome, tabKey, type CloseCommand, type Tab, type TabPlaces } from '../preferences/tabs';
import { recordUse } from '../preferences/screenUse';
import { useMenu } from '../auth/useMenu';
import { grantedPaths } from '../auth/menu';
import { deniedPath, homePathOf, landingOf, screenTitle } from './menuRoutes';

const COMMANDS: CloseCommand[] = ['current', 'left', 'right', 'others', 'all'];

/**
 * A tab's title: its route's title, plus the record's name on record pages (fetched for a tab
 * restored after a reload, shared with the page's own query otherwise; `#id` while it loads or
 * when the record is gone); 未命名 when the page has no title.
 */
function TabTitle({ path }: { path: string }) {
  const translate = useTranslate();
  const route = routeOfPath(tabKey(path));
  const [, , record] = tabKey(path).split('/');
  const id = record && record !== 'create' ? decodeURIComponent(record) : undefined;
  // The record's name field, as the route's screen registered it with react-admin (App's resources).
  const definitions = useResourceDefinitions();
  const representation = route ? definitions[route.name]?.recordRepresentation : undefined;
  const named = id !== undefined && typeof representation === 'string';
  const { data } = useGetOne(route?.name ?? '', { id: id ?? '' }, { enabled: named, retry: false, staleTime: 5 * 60_000 });
  if (!route) return <>{translate('tabs.untitled')}</>;
  const title = screenTitle(translate, route.name, route.titleKey);
  if (!record) return <>{title}</>;
  if (record === 'create') return <>{`${title} ${translate('ra.action.create')}`}</>;
  const name = data && typeof representation === 'string' ? data[representation] : undefined;
  return <>{`${title} ${name ?? `#${id}`}`}</>;
}

/** The header's height (it changes with the element size preference and the window width). */
function useAppBarHeight() {
  const [height, setHeight] = useState(48);
  useEffect(() => {
    const bar = document.querySelector('.MuiAppBar-root');
    if (!bar || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => setHeight((bar as HTMLElement).offsetHeight));
    observer.observe(bar);
    setHeight((bar as HTMLElement).offsetHeight);
    return () => observer.disconnect();
  }, []);
  return height;
}

/**
 * The tab bar of opened pages: close one, to the left, to the right, all others or all (context
 * menu and the menu button); the home tab (pinned first, for a role with Home) cannot be closed and
 * its context menu offers only close all. Opened tabs are a per-user preference, so they survive a
 * reload; tabs of screens the role does not grant are dropped. Each screen opened counts one use
 * (the menu search ranks by it).
 */
export function TabBar() {
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const location = useLocation();
  const openedTabs = usePreference('openedTabs');
  const { update } = usePreferenceActions();
  const current = `${location.pathname}${location.search}`;
  const appBarHeight = useAppBarHeight();
  const [menu, setMenu] = useState<{ anchor: { top: number; left: number } | HTMLElement; target: string } | null>(null);

  // What the role grants (its menu tree): the pinned Home tab only for a role with Home, and no tab
  // of a screen it does not have — restored after a reload, or lost when its grants changed.
  const { data: roleMenu } = useMenu();
  const granted = useMemo(() => (roleMenu ? grantedPaths(roleMenu) : undefined), [roleMenu]);
  const places = useMemo<TabPlaces | undefined>(
    () => (roleMenu && granted ? { home: homePathOf(granted), landing: landingOf(roleMenu, granted) } : undefined),
    [roleMenu, granted],
  );
  const tabs: Tab[] = useMemo(
    () => openedTabs.filter((path) => !granted || !deniedPath(granted, path)).map((path) => ({ path })),
    [openedTabs, granted],
  );

  // The screen last counted as opened (a new filter or page of the same screen is not a new opening).
  const counted = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (!granted || !places) return;
    const route = routeOfPath(location.pathname);
    const shown = route && granted.has(route.name) ? route.name : undefined;
    const opened = shown !== undefined && counted.current !== shown;
    counted.current = shown;
    update((prefs) => {
      const kept = prefs.openedTabs.filter((path) => !deniedPath(granted, path)).map((path) => ({ path }));
      const next = shown ? openTab(kept, current, places) : pinHome(kept, places);
      return { openedTabs: next.map((t) => t.path), ...(opened ? { screenUse: recordUse(prefs.screenUse, shown) } : {}) };
    });
  }, [current, location.pathname, granted, places, update]);

  const close = (target: string, command: string) => {
    setMenu(null);
    const result = closeTabs(tabs, target, command, current, places ?? {});
    if (result.invalid) {
      notify('tabs.invalid', { type: 'warning' });
      return;
    }
    update({ openedTabs: result.tabs.map((t) => t.path) });
    if (result.navigateTo) navigate(result.navigateTo);
  };

  const activeIndex = tabs.findIndex((t) => tabKey(t.path) === tabKey(current));
  const tabsRef = useRef<HTMLDivElement>(null);
  const tabsAction = useRef<TabsActions>(null);
  // The active tab in full view: MUI scrolls to it when the selection changes, but its title (a
  // record's name) may arrive later and widen it, and scroll buttons may appear beside it. Each time
  // the active tab or its size changes, the indicator is measured again and the tab brought into view.
  useEffect(() => {
    const selected = tabsRef.current?.querySelector<HTMLElement>('[role="tab"][aria-selected="true"]');
    if (!selected) return;
    const reveal = () => {
      tabsAction.current?.updateScrollButtons();
      tabsAction.current?.updateIndicator();
      selected.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
    };
    const frame = requestAnimationFrame(reveal);
    const observer = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(reveal);
    observer?.observe(selected);
    return () => {
      cancelAnimationFrame(frame);
      observer?.disconnect();
    };
  }, [activeIndex, tabs.length]);
  const openContextMenu = (event: MouseEvent, target: string) => {
    event.preventDefault();
    setMenu({ anchor: { top: event.clientY, left: event.clientX }, target });
  };
  const menuTarget = menu?.target ?? current;
  const home = places?.home;
  const commands = home && tabKey(menuTarget) === home ? (['all'] as CloseCommand[]) : COMMANDS;

  return (
    <Box sx={{
      display: 'flex', alignItems: 'center', borderBottom: 1, borderColor: 'divider', bgcolor: 'background.paper', mx: -2, mt: -2, mb: 2, px: 1,
      // Stays under the header while the page scrolls: switching tabs never means scrolling up.
      position: 'sticky', top: appBarHeight, zIndex: (theme) => theme.zIndex.appBar - 1,
    }}>
      <Tabs
        ref={tabsRef} action={tabsAction} value={activeIndex === -1 ? false : activeIndex} variant="scrollable" scrollButtons="auto"
        sx={{ flex: 1, minHeight: 36 }} aria-label={translate('tabs.label')}
      >
        {tabs.map((tab) => {
          const pinned = !!home && tabKey(tab.path) === home;
          return (
            <MuiTab
              key={tabKey(tab.path)}
              onClick={() => navigate(tab.path)}
              onContextMenu={(event) => openContextMenu(event, tab.path)}
              sx={{ minHeight: 36, py: 0.5, textTransform: 'none' }}
              label={
                <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
                  <TabTitle path={tab.path} />
                  {!pinned && (
                    <Box
                      component="span" role="button" aria-label={translate('tabs.closeCurrent')}
                      onClick={(event) => { event.stopPropagation(); close(tab.path, 'current'); }}
                      sx={{ display: 'inline-flex', borderRadius: '50%', '&:hover': { bgcolor: 'action.hover' } }}
                    >
                      <CloseIcon sx={{ fontSize: 14 }} />
                    </Box>
                  )}
                </Box>
              }
            />
          );
        })}
      </Tabs>
      <Tooltip title={translate('tabs.more')}>
        <IconButton size="small" aria-label={translate('tabs.more')} onClick={(event) => setMenu({ anchor: event.currentTarget, target: current })}>
          <MoreVertIcon fontSize="small" />
        </IconButton>
      </Tooltip>
      <Menu
        open={!!menu}
        onClose={() => setMenu(null)}
        {...(menu && 'top' in menu.anchor
          ? { anchorReference: 'anchorPosition' as const, anchorPosition: menu.anchor }
          : { anchorEl: menu?.anchor as HTMLElement | undefined })}
      >
        {commands.map((command) => (
          <MenuItem key={command} onClick={() => close(menuTarget, command)}>{translate(`tabs.close${command[0].toUpperCase()}${command.slice(1)}`)}</MenuItem>
        ))}
      </Menu>
    </Box>
  );
}
