/*
 * The signed-in tenant page's service worker (issue 42; registered by src/pay/tenant/offline.ts
 * with the scope /tenant, so it controls the tenant pages only, never the console or /pay/<code>).
 *
 * - The app shell: a page of /tenant… is asked of the network first (its HTML names the current
 *   build's files) and kept; offline, the kept one answers. The build's hashed files (/assets/…)
 *   never change: the kept copy answers first, else the network (and it is kept). The page sends
 *   the files it loaded ({ type: 'shell', urls }) so that they are kept from the first visit.
 * - The tenant's last figures: the GET calls of the overview, usage, statements list, the first
 *   page of payments and /me are asked of the network first; each answer is kept (with the time),
 *   and offline the kept one answers with `X-From-Cache: <ISO time>`, which the page shows.
 * - Never kept: POST/PUT calls, the statement PDF, a statement's page, orders, faults, photos,
 *   anything else. A 401 (session over) drops the kept figures; so does { type: 'clear' }
 *   (sign-out, sign-in).
 */
const SHELL_CACHE = 'tenant-shell-v1';
const DATA_CACHE = 'tenant-data-v1';
const SHELL_KEY = '/tenant';
/** Kept at install besides the page: what the home-screen app needs to start. */
const SHELL_FILES = ['/tenant.webmanifest', '/tenant-icon.svg', '/tenant-icon-192.png', '/tenant-icon-512.png'];
const CACHED_AT = 'X-Cached-At';
const FROM_CACHE = 'X-From-Cache';

/** The tenant calls whose last answer is kept for offline reading. */
const KEPT_CALLS = [
  /^\/api\/v1\/tenant\/me$/,
  /^\/api\/v1\/tenant\/rooms$/,
  /^\/api\/v1\/tenant\/rooms\/\d+\/usage$/,
  /^\/api\/v1\/tenant\/rooms\/\d+\/statements$/,
  /^\/api\/v1\/tenant\/rooms\/\d+\/payments$/,
];

function keptCall(url) {
  if (!KEPT_CALLS.some((pattern) => pattern.test(url.pathname))) return false;
  // Payments: the first page only.
  if (url.pathname.endsWith('/payments')) return (url.searchParams.get('pageNum') ?? '1') === '1';
  return true;
}

const isTenantPage = (url) => url.pathname === '/tenant' || url.pathname.startsWith('/tenant/');

self.addEventListener('install', (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(SHELL_CACHE);
    try {
      const response = await fetch(SHELL_KEY, { cache: 'no-cache' });
      if (response.ok) await cache.put(SHELL_KEY, response);
    } catch {
      // Offline at install: the page is kept at its next visit.
    }
    await Promise.all(SHELL_FILES.map((path) => cache.add(path).catch(() => undefined)));
    await self.skipWaiting();
  })());
});

self.addEventListener('activate', (event) => {
  event.waitUntil((async () => {
    const names = await caches.keys();
    await Promise.all(names.filter((name) => name.startsWith('tenant-') && name !== SHELL_CACHE && name !== DATA_CACHE).map((name) => caches.delete(name)));
    await self.clients.claim();
  })());
});

self.addEventListener('message', (event) => {
  const message = event.data || {};
  if (message.type === 'clear') {
    event.waitUntil(caches.delete(DATA_CACHE));
  } else if (message.type === 'shell' && Array.isArray(message.urls)) {
    event.waitUntil((async () => {
      const cache = await caches.open(SHELL_CACHE);
      for (const path of message.urls) {
        if (typeof path !== 'string' || !path.startsWith('/') || path.startsWith('/api/')) continue;
        if (await cache.match(path)) continue;
        try {
          const response = await fetch(path);
          if (response.ok) await cache.put(path, response);
        } catch {
          // Kept at its next load.
        }
      }
    })());
  }
});

/** A page of /tenant: network first (kept as the shell), the kept shell offline. */
async function page(request) {
  const cache = await caches.open(SHELL_CACHE);
  try {
    const response = await fetch(request);
    if (response.ok && (response.headers.get('content-type') || '').includes('text/html')) await cache.put(SHELL_KEY, response.clone());
    return response;
  } catch (error) {
    const kept = await cache.match(SHELL_KEY);
    if (kept) return kept;
    throw error;
  }
}

/** A hashed build file: the kept copy, else the network (kept). */
async function asset(request) {
  const cache = await caches.open(SHELL_CACHE);
  const kept = await cache.match(request, { ignoreVary: true });
  if (kept) return kept;
  const response = await fetch(request);
  if (response.ok) await cache.put(request, response.clone());
  return response;
}

/** Another file of the shell (manifest, icons): network first, the kept copy offline. */
async function shellFile(request) {
  const cache = await caches.open(SHELL_CACHE);
  try {
    const response = await fetch(request);
    if (response.ok) await cache.put(request, response.clone());
    return response;
  } catch (error) {
    const kept = await cache.match(request, { ignoreVary: true });
    if (kept) return kept;
    throw error;
  }
}

/** A kept tenant call: network first (the answer kept with its time), the kept answer offline, marked. */
async function keptAnswer(request, url) {
  const cache = await caches.open(DATA_CACHE);
  const key = url.pathname + url.search;
  let response;
  try {
    response = await fetch(request);
  } catch (error) {
    const kept = await cache.match(key, { ignoreVary: true, ignoreMethod: false });
    if (!kept) throw error;
    const headers = new Headers(kept.headers);
    headers.set(FROM_CACHE, kept.headers.get(CACHED_AT) || new Date(0).toISOString());
    headers.delete(CACHED_AT);
    return new Response(kept.body, { status: kept.status, statusText: kept.statusText, headers });
  }
  if (response.status === 401) {
    // The session is over: its figures are not kept for the next one.
    await caches.delete(DATA_CACHE);
  } else if (response.ok) {
    const body = await response.clone().arrayBuffer();
    const headers = new Headers({ 'Content-Type': response.headers.get('content-type') || 'application/json' });
    headers.set(CACHED_AT, new Date().toISOString());
    await cache.put(key, new Response(body, { status: 200, headers }));
  }
  return response;
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === 'navigate') {
    if (isTenantPage(url)) event.respondWith(page(request));
    return;
  }
  if (url.pathname.startsWith('/api/')) {
    if (keptCall(url)) event.respondWith(keptAnswer(request, url));
    return;
  }
  if (url.pathname.startsWith('/assets/')) {
    event.respondWith(asset(request));
    return;
  }
  if (/^\/(tenant[\w.-]*\.(webmanifest|png|svg)|favicon\.svg)$/.test(url.pathname)) event.respondWith(shellFile(request));
});
