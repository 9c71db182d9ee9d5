import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import App from './App';
import { installFrontErrorLog } from './http/frontLog';
import { installWindowSession } from './auth/windowSession';

installWindowSession();
installFrontErrorLog();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
