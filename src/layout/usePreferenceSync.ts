import { useEffect, useRef } from 'react';
import { useSidebarState } from 'react-admin';
import { usePreferences } from '../preferences/PreferencesContext';

/** After login: loads the user's preferences, and keeps the side menu's collapse in them. */
export function usePreferenceSync() {
  const { preferences, update, syncUser } = usePreferences();
  const [sidebarOpen, setSidebarOpen] = useSidebarState();
  const applied = useRef(false);
  useEffect(() => syncUser(), [syncUser]);
  useEffect(() => {
    setSidebarOpen(!preferences.asideCollapsed);
    applied.current = true;
  }, [preferences.asideCollapsed, setSidebarOpen]);
  useEffect(() => {
    if (applied.current && sidebarOpen === preferences.asideCollapsed) update({ asideCollapsed: !sidebarOpen });
  }, [sidebarOpen]); // eslint-disable-line react-hooks/exhaustive-deps
}
