import { useMemo, type ReactNode } from 'react';
import { AccessDenied } from 'react-admin';
import { Navigate, useLocation } from 'react-router-dom';
import { grantedPaths } from '../auth/menu';
import { useMenu } from '../auth/useMenu';
import { deniedPath, landingOf } from './menuRoutes';

/**
 * The shell's route guard on the role's menu tree, for every screen alike:
 * - the root opens where the operator lands: Home when the role has it, else the first screen of
 *   its menu, in menu order (not react-admin's first resource in the route table's order);
 * - a screen of the route table the role does not grant shows react-admin's translated
 *   access-denied page (拒绝访问) instead of the screen, which then neither renders (a dashboard
 *   with its live chip) nor asks the server (whose refusals would show as the screen's errors);
 * - anything else (the hidden routes, 404) is the page itself.
 * Until the menu tree has answered (it is asked for as soon as the login answers) nothing is
 * shown; a menu that cannot be read leaves the decision to the server.
 */
export function ScreenGuard({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const { data: menu, isError } = useMenu();
  const granted = useMemo(() => (menu ? grantedPaths(menu) : undefined), [menu]);
  if (!menu || !granted) return isError ? <>{children}</> : null;
  if (pathname === '/' || pathname === '') {
    const landing = landingOf(menu, granted);
    return landing ? <Navigate to={landing} replace /> : <AccessDenied />;
  }
  if (deniedPath(granted, pathname)) return <AccessDenied />;
  return <>{children}</>;
}
