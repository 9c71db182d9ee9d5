/**
 * The tenants' pay page's entry (pay.html, a Vite entry of its own beside the console's index.html):
 * React and the page, nothing of the console. Its styles are pay.css, linked from pay.html.
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { PayApp } from './PayApp';

createRoot(document.getElementById('pay-root')!).render(
  <StrictMode>
    <PayApp />
  </StrictMode>,
);
