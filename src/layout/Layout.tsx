import type { ReactNode } from 'react';
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
import { RealtimeProvider } from '../realtime/RealtimeProvider';
import { useAutoCollapse } from './useAutoCollapse';
import { usePreferenceSync } from './usePreferenceSync';
import { usePreference } from '../preferences/PreferencesContext';
import { useDocumentTitle } from './useDocumentTitle';

/** The bare shell: app bar, side menu from the role tree, the page. */
const pageIn = keyframes`from { opacity: 0; transform: translateY(6px); } to { opacity: 1; transform: none; }`;

export function Layout({ children }: { children: ReactNode }) {
  useDocumentTitle();
  usePreferenceSync();
  useAutoCollapse();
  const transition = usePreference('transition');
  // SPEC.md route guard: a token cookie present and not the text `undefined`, else login with
  // the full original path as `redirect` (before any page mounts or calls the API).
  if (!hasToken()) return <Navigate to={loginRedirect()} replace />;
  return (
    <RealtimeProvider>
      <RaLayout appBar={Header} appBarAlwaysOn menu={SideMenu} sx={{
          // Wide tables scroll inside their page instead of widening the whole shell.
          minWidth: 0,
          '& .RaLayout-appFrame, & .RaLayout-contentWithSidebar': { minWidth: 0 },
          '& .RaLayout-content': { p: 2, minWidth: 0 },
          // Page transition (a per-user preference).
          '& .RaLayout-content > *': transition ? { animation: `${pageIn} .22s ease-out` } : {},
        }}>
        <HttpMessages />
        <IdleTimeout />
        <MenuSearch />
        <TabBar />
        <KeepAlive>{children}</KeepAlive>
      </RaLayout>
    </RealtimeProvider>
  );
}
