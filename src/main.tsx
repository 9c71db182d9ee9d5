import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import App from './App';
import { installFrontErrorLog } from './http/frontLog';

installFrontErrorLog();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
