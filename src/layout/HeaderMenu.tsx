import { useNavigate, useLocation } from 'react-router-dom';
import { Box, Button } from '@mui/material';
import { useMenu } from '../auth/useMenu';
import { menuPath, useMenuTitle } from './SideMenu';

/** The horizontal header menu: the top-level groups; a group opens its first page. */
export function HeaderMenu() {
  const { data: menu = [] } = useMenu();
  const title = useMenuTitle();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  return (
    // Entries keep their width (long English or Japanese titles scroll rather than overlap).
    <Box component="nav" aria-label="header menu" sx={{ display: { xs: 'none', lg: 'flex' }, gap: 0.5, ml: 2, mr: 2, minWidth: 0, overflowX: 'auto', scrollbarWidth: 'none', '&::-webkit-scrollbar': { display: 'none' } }}>
      {menu.map((group) => {
        const first = group.children?.find((child) => child.resUrl) ?? (group.resUrl ? group : undefined);
        const active = !!group.children?.some((child) => child.resUrl && pathname.startsWith(menuPath(child.resUrl)));
        return (
          <Button
            key={group.id}
            color="inherit"
            size="small"
            disabled={!first}
            onClick={() => first && navigate(menuPath(first.resUrl))}
            sx={{ flexShrink: 0, textTransform: 'none', whiteSpace: 'nowrap', fontWeight: active ? 700 : 400, borderBottom: active ? '2px solid currentColor' : '2px solid transparent', borderRadius: 0 }}
          >
            {title(group)}
          </Button>
        );
      })}
    </Box>
  );
}
