import { useQuery } from '@tanstack/react-query';
import { readCookie } from './cookies';
import { answeredMenu, loadMenu } from './menu';

/**
 * The logged-in role's menu (children of the role tree's first node), shared by menu, header and search.
 * A menu already answered (it is read as soon as the login answers) is there on the first render: the
 * side menu and the header's tabs are built once, not empty and then again after the list's rows,
 * when laying them out means laying out the whole table too.
 */
export function useMenu() {
  const roleId = readCookie('roleId') ?? '';
  return useQuery({ queryKey: ['menu', roleId], queryFn: () => loadMenu(roleId), enabled: !!roleId, initialData: () => answeredMenu(roleId) });
}
