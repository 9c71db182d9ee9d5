import { useQuery } from '@tanstack/react-query';
import { readCookie } from './cookies';
import { loadMenu } from './menu';

/** The logged-in role's menu (children of the role tree's first node), shared by menu, header and search. */
export function useMenu() {
  const roleId = readCookie('roleId') ?? '';
  return useQuery({ queryKey: ['menu', roleId], queryFn: () => loadMenu(roleId), enabled: !!roleId });
}
