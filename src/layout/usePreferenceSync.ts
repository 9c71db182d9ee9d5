import { useEffect, useRef } from 'react';
import { useSidebarState } from 'react-admin';
import { usePreference, usePreferenceActions } from '../preferences/PreferencesContext';

/** After login: loads the user's preferences, and keeps the side menu's collapse in them. */
export function usePreferenceSync() {
  const asideCollapsed = usePreference('asideCollapsed');
  const { update, syncUser } = usePreferenceActions();
  const [sidebarOpen, setSidebarOpen] = useSidebarState();
  const applied = useRef(false);
  useEffect(() => syncUser(), [syncUser]);
  useEffect(() => {
    setSidebarOpen(!asideCollapsed);
    applied.current = true;
  }, [asideCollapsed, setSidebarOpen]);
  useEffect(() => {
    if (applied.current && sidebarOpen === asideCollapsed) update({ asideCollapsed: !sidebarOpen });
  }, [sidebarOpen]); // eslint-disable-line react-hooks/exhaustive-deps
}
