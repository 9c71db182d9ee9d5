/**
 * The tenants' pages' entry (pay.html, a Vite entry of its own beside the console's index.html):
 * React and the page, nothing of the console. `/pay/<code>` is the sticker's pay page (PayApp);
 * `/tenant` and the paths under it are the signed-in tenant page (issue 42), a chunk of its own
 * loaded only there. Styles: pay.css and tenant.css, linked from pay.html (one file once built).
 */
import { StrictMode, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { PayApp } from './PayApp';

/** The signed-in tenant page's paths: `/tenant` and under it. */
export const TENANT_PATH = /^\/tenant(\/|$)/;

const root = createRoot(document.getElementById('pay-root')!);
const render = (page: ReactNode) => root.render(<StrictMode>{page}</StrictMode>);

if (TENANT_PATH.test(window.location.pathname)) {
  void import('./tenant/TenantApp').then(({ TenantApp }) => render(<TenantApp />));
} else {
  render(<PayApp />);
}
