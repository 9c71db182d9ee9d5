import { useNavigate, useLocation } from 'react-router-dom';
import { Tab, Tabs } from '@mui/material';
import { useMenu } from '../auth/useMenu';
import { useMenuTitle } from './SideMenu';
import { menuGroupOf, menuPath } from './menuRoutes';

/**
 * The horizontal header menu: the top-level groups; a group opens its first page. Entries keep
 * their full titles; when they do not all fit (long English or Japanese titles, narrow windows)
 * scroll arrows appear at the ends instead of cutting the last entry.
 */
export function HeaderMenu() {
  const { data: menu = [] } = useMenu();
  const title = useMenuTitle();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const activeGroup = menuGroupOf(menu, pathname);
  const active = activeGroup ? menu.indexOf(activeGroup) : -1;
  return (
    <Tabs
      component="nav" aria-label="header menu" value={active === -1 ? false : active} variant="scrollable" scrollButtons="auto"
      textColor="inherit" TabIndicatorProps={{ sx: { bgcolor: 'currentColor' } }}
      sx={{ display: { xs: 'none', lg: 'flex' }, ml: 2, mr: 1, minWidth: 0, minHeight: 40, '& .MuiTabs-scrollButtons.Mui-disabled': { opacity: 0.3 } }}
    >
      {menu.map((group) => {
        const first = group.children?.find((child) => child.resUrl) ?? (group.resUrl ? group : undefined);
        return (
          <Tab
            key={group.id} label={title(group)} disabled={!first} onClick={() => first && navigate(menuPath(first.resUrl))}
            sx={{ textTransform: 'none', minWidth: 0, minHeight: 40, px: 1.25, whiteSpace: 'nowrap', opacity: 0.9, '&.Mui-selected': { fontWeight: 700, opacity: 1 } }}
          />
        );
      })}
    </Tabs>
  );
}
