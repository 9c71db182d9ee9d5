import { memo, useMemo, type ReactNode } from 'react';
import { Layout as RaLayout } from 'react-admin';
import { Navigate } from 'react-router-dom';
import { keyframes } from '@mui/material/styles';
import { hasToken } from '../auth/cookies';
import { loginRedirect } from '../auth/authProvider';
import { Header } from './Header';
import { SideMenu } from './SideMenu';
import { HttpMessages } from './HttpMessages';
import { IdleTimeout } from '../auth/IdleTimeout';
import { MenuSearch } from './MenuSearch';
import { TabBar } from './TabBar';
import { KeepAlive } from './KeepAlive';
import { ScreenGuard } from './ScreenGuard';
import { RealtimeProvider } from '../realtime/RealtimeProvider';
import { useAutoCollapse } from './useAutoCollapse';
import { usePreferenceSync } from './usePreferenceSync';
import { usePreference } from '../preferences/PreferencesContext';
import { useDocumentTitle } from './useDocumentTitle';
import { StableRoute } from '../components/StableRoute';

/** The bare shell: app bar, side menu from the role tree, the page. */
const pageIn = keyframes`from { opacity: 0; transform: translateY(6px); } to { opacity: 1; transform: none; }`;

/**
 * The shell's parts that take nothing from the page, made once: a new page, or react-admin
 * rendering its routes again (it does once right after the login, replacing its list of resources
 * with an equal one), renders the page area only, not the app bar, the side menu and the tab bar
 * again (they still follow the location, the menu tree and the preferences they read).
 */
const ShellHeader = memo(Header);
const ShellMenu = memo(SideMenu);
const SHELL_PARTS = (
  <>
    <HttpMessages />
    <IdleTimeout />
    <MenuSearch />
    <TabBar />
  </>
);

export function Layout({ children }: { children: ReactNode }) {
  useDocumentTitle();
  usePreferenceSync();
  useAutoCollapse();
  const transition = usePreference('transition');
  const sx = useMemo(() => ({
    // Wide tables scroll inside their page instead of widening the whole shell.
    minWidth: 0,
    '& .RaLayout-appFrame, & .RaLayout-contentWithSidebar': { minWidth: 0 },
    '& .RaLayout-content': { p: 2, minWidth: 0 },
    // Page transition (a per-user preference).
    '& .RaLayout-content > *': transition ? { animation: `${pageIn} .22s ease-out` } : {},
  }), [transition]);
  // SPEC.md route guard: a token cookie present and not the text `undefined`, else login with
  // the full original path as `redirect` (before any page mounts or calls the API).
  if (!hasToken()) return <Navigate to={loginRedirect()} replace />;
  // The shell sees its route through `StableRoute`: its tab bars (which measure the page after each
  // of their renders) and menus do not render again each time react-admin renders its routes.
  return (
    <StableRoute>
      <RealtimeProvider>
        <RaLayout appBar={ShellHeader} appBarAlwaysOn menu={ShellMenu} sx={sx}>
          {SHELL_PARTS}
          {/* Each kept page behind the role's grants (and the root to the operator's first screen). */}
          <KeepAlive><ScreenGuard>{children}</ScreenGuard></KeepAlive>
        </RaLayout>
      </RealtimeProvider>
    </StableRoute>
  );
}
