/**
 * The tenant page's service worker (public/tenant-sw.js): registered on `/tenant` pages only (its
 * scope), in a built page only (the development server's modules are not an app shell). It keeps
 * the shell and the last answers of the tenant's GET calls; sign-out (and a new sign-in) clears
 * those answers, here and through the worker.
 */
export const SW_URL = '/tenant-sw.js';
export const SW_SCOPE = '/tenant';
/** The worker's cache of the tenant's answers (the same name as in public/tenant-sw.js). */
export const DATA_CACHE = 'tenant-data-v1';

/** The page's own files, as loaded so far: the worker keeps them for the next start offline. */
function shellUrls(): string[] {
  const urls = new Set<string>();
  for (const entry of performance.getEntriesByType?.('resource') ?? []) {
    const url = new URL(entry.name, window.location.href);
    if (url.origin === window.location.origin && (url.pathname.startsWith('/assets/') || /^\/(tenant[\w.-]*\.(webmanifest|png|svg)|favicon\.svg)$/.test(url.pathname))) urls.add(url.pathname);
  }
  return [...urls];
}

export function registerTenantWorker() {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator) || !window.isSecureContext) return;
  navigator.serviceWorker.register(SW_URL, { scope: SW_SCOPE }).then(async (registration) => {
    const ready = await navigator.serviceWorker.ready;
    (ready.active ?? registration.active)?.postMessage({ type: 'shell', urls: shellUrls() });
  }, () => undefined);
}

/** Forgets the tenant's kept answers (sign-out, sign-in): no figures of one session are shown in the next. */
export async function clearTenantCache() {
  try {
    navigator.serviceWorker?.controller?.postMessage({ type: 'clear' });
    if (typeof caches !== 'undefined') await caches.delete(DATA_CACHE);
  } catch {
    // No cache storage here (private mode, an old browser): nothing was kept.
  }
}
