import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import App from './App';
import { installFrontErrorLog } from './http/frontLog';
import { installWindowSession } from './auth/windowSession';
import { hasToken } from './auth/cookies';
import { prepareFirstScreen } from './firstScreen';

installWindowSession();
installFrontErrorLog();
// A reload within a session: the shell's and the page's code load while the console starts.
if (hasToken()) prepareFirstScreen(window.location.pathname);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
