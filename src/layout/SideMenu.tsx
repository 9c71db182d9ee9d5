import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { MenuItemLink, useNotify, useSidebarState, useTranslate } from 'react-admin';
import { useLocation } from 'react-router-dom';
import { Box, Collapse, List, ListItemButton, ListItemIcon, ListItemText, Tooltip, Typography } from '@mui/material';
import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import type { MenuResource } from '../auth/menu';
import { useMenu } from '../auth/useMenu';
import { iconByName } from './icons';
import { MENU_WIDTH, MENU_WIDTH_COLLAPSED } from '../config';
import { routeOfPath } from '../../common/routeCatalog';
import { ZH_CHS_MENU_GROUPS } from '../../i18n/menuGroups';
import { menuGroupOf, menuPath } from './menuRoutes';

/** The default menu groups by their seeded (zh-chs) names, so that they show in the current language. */
const GROUP_BY_NAME = new Map<string, string>(Object.entries(ZH_CHS_MENU_GROUPS).map(([key, name]) => [name, key]));

/**
 * The translated title of a menu resource: its route's title when it is a known route, the
 * group's title when it is a default group, else its name as the operator wrote it.
 */
export function useMenuTitle() {
  const translate = useTranslate();
  return useCallback((node: MenuResource) => {
    const route = node.resUrl ? routeOfPath(node.resUrl.startsWith('/') ? node.resUrl : `/${node.resUrl}`) : undefined;
    if (route) return translate(route.titleKey);
    const group = GROUP_BY_NAME.get(node.name);
    return group ? translate(`menuGroups.${group}`) : node.name;
  }, [translate]);
}

export { menuPath };

/**
 * A link of the collapsed menu shows its icon alone (its title is the tooltip react-admin gives
 * it): the title's text would otherwise wrap one character per line in the 65 px column.
 */
const iconOnly = (sidebarOpen: boolean) => (sidebarOpen ? {} : { fontSize: 0, whiteSpace: 'nowrap' as const });

/** The side menu, built from the role tree (children of its first node), one submenu open at a time. */
export function SideMenu() {
  const { data: menu = [], isPending } = useMenu();
  const [sidebarOpen] = useSidebarState();
  const { pathname } = useLocation();
  const title = useMenuTitle();
  const translate = useTranslate();
  const notify = useNotify();
  // The group of the page's own entry (whole path segments: 充值校准记录 is not 充值校准's).
  const activeGroup = useMemo(() => menuGroupOf(menu, pathname)?.id, [menu, pathname]);
  const [openGroup, setOpenGroup] = useState<number | undefined>(activeGroup);
  // The current page's group opens when the operator lands on a page, not when the menu is read
  // again (a refetch, a grant change): a group the operator has just opened stays open.
  const openedFor = useRef<string | undefined>(activeGroup === undefined ? undefined : pathname);
  useEffect(() => {
    if (activeGroup === undefined || openedFor.current === pathname) return;
    openedFor.current = pathname;
    setOpenGroup(activeGroup);
  }, [activeGroup, pathname]);

  if (!isPending && menu.length === 0) {
    return <Typography sx={{ p: 2 }} color="text.secondary" variant="body2">{translate('layout.emptyMenu')}</Typography>;
  }
  return (
    <Box component="nav" aria-label="side menu" sx={{
      pt: 1, width: sidebarOpen ? MENU_WIDTH : MENU_WIDTH_COLLAPSED, boxSizing: 'border-box',
      // Long titles (English, Japanese) wrap instead of being cut; icons and arrows keep their place.
      '& .MuiMenuItem-root, & .MuiListItemButton-root': { whiteSpace: 'normal', alignItems: 'center' },
      '& .MuiListItemText-root, & .MuiMenuItem-root .MuiTypography-root': { whiteSpace: 'normal', overflowWrap: 'anywhere', lineHeight: 1.3 },
      '& .MuiSvgIcon-root': { flexShrink: 0 },
    }}>
      <List dense disablePadding>
        {menu.map((group) => {
          const GroupIcon = iconByName(group.icon);
          const label = title(group) || translate('layout.untitledMenu');
          if (!group.children?.length) {
            return group.resUrl ? (
              <MenuItemLink key={group.id} to={menuPath(group.resUrl)} primaryText={label} leftIcon={<GroupIcon />} sx={iconOnly(sidebarOpen)} />
            ) : null;
          }
          const open = openGroup === group.id;
          return (
            <Box key={group.id}>
              <Tooltip title={sidebarOpen ? '' : label} placement="right">
                <ListItemButton onClick={() => setOpenGroup(open ? undefined : group.id)} aria-expanded={open}>
                  <ListItemIcon sx={{ minWidth: 40 }}><GroupIcon fontSize="small" /></ListItemIcon>
                  {sidebarOpen && <ListItemText primary={label} />}
                  {sidebarOpen && (open ? <ExpandLess fontSize="small" /> : <ExpandMore fontSize="small" />)}
                </ListItemButton>
              </Tooltip>
              <Collapse in={open} timeout="auto" unmountOnExit>
                <List dense disablePadding>
                  {group.children.map((item) => {
                    const ItemIcon = iconByName(item.icon);
                    const label = title(item) || translate('layout.untitledMenu');
                    if (!item.resUrl || item.resUrl === '#') {
                      // A placeholder entry: it warns instead of navigating.
                      return (
                        <ListItemButton key={item.id} onClick={() => notify('shell.tempMenu', { type: 'warning' })} sx={{ pl: sidebarOpen ? 4 : 2 }}>
                          <ListItemIcon sx={{ minWidth: 40 }}><ItemIcon fontSize="small" /></ListItemIcon>
                          {sidebarOpen && <ListItemText primary={label} />}
                        </ListItemButton>
                      );
                    }
                    return (
                      <MenuItemLink
                        key={item.id}
                        to={menuPath(item.resUrl)}
                        primaryText={label}
                        leftIcon={<ItemIcon fontSize="small" />}
                        sx={{ pl: sidebarOpen ? 4 : 2, ...iconOnly(sidebarOpen) }}
                      />
                    );
                  })}
                </List>
              </Collapse>
            </Box>
          );
        })}
      </List>
    </Box>
  );
}
