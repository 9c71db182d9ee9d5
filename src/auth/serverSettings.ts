import { useEffect, useState } from 'react';
import { MASS_CONFIRM_ABOVE_DEFAULT } from '../../common/supply';
import { answeredUser, loadCurrentUser, type ServerSettings } from './menu';

/**
 * The server's settings as the console follows them: read with the operator after login
 * (`sysUser/currentUser` answers `settings`; src/firstScreen.ts asks for it with the menu), so no
 * second call. Until it has answered, or from a backend without them, the defaults.
 */
export function useServerSettings(): Required<ServerSettings> {
  const [settings, setSettings] = useState<ServerSettings | undefined>(() => answeredUser()?.settings);
  useEffect(() => {
    let current = true;
    loadCurrentUser().then((user) => { if (current) setSettings(user.settings); }, () => undefined);
    return () => { current = false; };
  }, []);
  return { massConfirmAbove: settings?.massConfirmAbove ?? MASS_CONFIRM_ABOVE_DEFAULT };
}
