import { useEffect } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { onHttpEvent } from '../http/events';
import { ERROR_MESSAGE_MS } from '../config';
import { loginRedirect } from '../auth/authProvider';
import { menuChanged } from '../auth/menu';

/**
 * Shows the HTTP client's messages for 5 seconds, sends the operator to login when the session is
 * gone, and reads the menu and the rights again when the role's grants changed while signed in
 * (the side menu shows the change at once, and the operator is told).
 */
export function HttpMessages() {
  const notify = useNotify();
  const translate = useTranslate();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  useEffect(
    () =>
      onHttpEvent((event) => {
        if (event.type === 'relogin') {
          navigate(loginRedirect());
          return;
        }
        if (event.type === 'menuChanged') {
          menuChanged();
          void queryClient.invalidateQueries({ queryKey: ['menu'] });
          void queryClient.invalidateQueries({ queryKey: ['auth'] });
          notify(translate('layout.menuChanged'), { type: 'info', autoHideDuration: ERROR_MESSAGE_MS });
          return;
        }
        notify(event.text ?? translate(event.key, event.params), { type: 'error', autoHideDuration: ERROR_MESSAGE_MS });
      }),
    [notify, translate, navigate, queryClient],
  );
  return null;
}
