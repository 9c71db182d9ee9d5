import { useEffect } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { onHttpEvent } from '../http/events';
import { ERROR_MESSAGE_MS } from '../config';
import { loginRedirect } from '../auth/authProvider';

/** Shows the HTTP client's messages for 5 seconds, and sends the operator to login when the session is gone. */
export function HttpMessages() {
  const notify = useNotify();
  const translate = useTranslate();
  const navigate = useNavigate();
  useEffect(
    () =>
      onHttpEvent((event) => {
        if (event.type === 'relogin') {
          navigate(loginRedirect());
          return;
        }
        notify(event.text ?? translate(event.key, event.params), { type: 'error', autoHideDuration: ERROR_MESSAGE_MS });
      }),
    [notify, translate, navigate],
  );
  return null;
}
