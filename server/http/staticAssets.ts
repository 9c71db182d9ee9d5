/**
 * The built console on the API's port (STATIC_DIR, default ./dist).
 *
 * - Every file of the folder is read once at start into memory (the build is about a megabyte),
 *   with its brotli (`.br`) and gzip (`.gz`) copies written by the build (scripts/precompress.ts).
 *   Only those files can be served: a path is a key of that table, never joined to the folder, so
 *   no request reaches outside it (`..`, encoded slashes, symlinks out of the folder).
 * - The copy sent follows Accept-Encoding: brotli, then gzip, then the file itself, with
 *   Content-Encoding and `Vary: Accept-Encoding`.
 * - Hashed build files (`/assets/…`) are cached for a year (`immutable`); every other file,
 *   index.html and the SPA fallback are revalidated (`no-cache` with an ETag, 304 when unchanged).
 * - `/pay/<anything>` answers pay.html: the tenants' pay page (issue 41), the link of a room's QR
 *   sticker, a build entry of its own beside the console (src/pay/). So do `/tenant` and
 *   `/tenant/<anything>`: the signed-in tenant page (issue 42, src/pay/tenant/), started by the
 *   same entry on those paths; its service worker and manifest (`/tenant-sw.js`,
 *   `/tenant.webmanifest`) are files of the build, served as such.
 * - Any other GET outside `/api/` answers index.html (client-side routes); a missing `/assets/`
 *   file is a 404 (an old page asking for a chunk of a former build must not get HTML).
 * Security headers (CSP…) come from the app's own middleware (server/app.ts), as for the API.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { extname, join, relative, resolve, sep } from 'node:path';
import type { Context, MiddlewareHandler } from 'hono';

/** Content types by file extension (text types in UTF-8). */
export const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
};

/** Hashed, never-changing build files: cached by browsers for a year without asking again. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Files whose name stays across builds: kept, but asked again (ETag) before each use. */
export const REVALIDATE = 'no-cache';

export type Encoding = 'br' | 'gzip' | 'identity';
const PREFERENCE: Encoding[] = ['br', 'gzip', 'identity'];

interface Variant {
  body: Uint8Array;
  etag: string;
}

/** One served file: its type, cache policy and its copies by content coding. */
export interface StaticFile {
  type: string;
  cacheControl: string;
  variants: Partial<Record<Encoding, Variant>>;
}

/**
 * The encoding to send for an Accept-Encoding header among the available ones: brotli over gzip
 * over none, leaving out codings the client refuses (`q=0`); `*` stands for any coding not named.
 * `identity` is acceptable unless refused explicitly (RFC 9110 12.5.3).
 */
export function chooseEncoding(header: string | undefined, available: Iterable<Encoding>): Encoding | undefined {
  const weights = new Map<string, number>();
  for (const part of (header ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const weight = q ? Number(q.slice(2)) : 1;
    weights.set(name === 'x-gzip' ? 'gzip' : name, Number.isFinite(weight) ? weight : 0);
  }
  const weightOf = (encoding: Encoding) => weights.get(encoding) ?? weights.get('*') ?? (encoding === 'identity' ? 1 : 0);
  const have = new Set(available);
  return PREFERENCE.find((encoding) => have.has(encoding) && weightOf(encoding) > 0);
}

const etagOf = (body: Uint8Array, suffix: string) => `"${createHash('sha256').update(body).digest('base64url').slice(0, 22)}${suffix}"`;

/** Every file under `root` by URL path (`/assets/x.js`), with its precompressed copies. */
export function loadStaticFiles(root: string): Map<string, StaticFile> {
  const files = new Map<string, StaticFile>();
  const base = resolve(root);
  const walk = (folder: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const path = join(folder, entry.name);
      if (entry.isDirectory()) walk(path);
      // Compressed copies are served only as the variant of their file; symlinks are not followed.
      else if (entry.isFile() && !/\.(br|gz)$/.test(entry.name)) {
        const urlPath = `/${relative(base, path).split(sep).join('/')}`;
        const body = readFileSync(path);
        const variants: StaticFile['variants'] = { identity: { body, etag: etagOf(body, '') } };
        // The ETag of a compressed copy follows its file (one per representation).
        for (const [encoding, extension, suffix] of [['br', '.br', '-br'], ['gzip', '.gz', '-gz']] as const) {
          if (existsSync(`${path}${extension}`) && statSync(`${path}${extension}`).isFile()) {
            variants[encoding] = { body: readFileSync(`${path}${extension}`), etag: `${variants.identity!.etag.slice(0, -1)}${suffix}"` };
          }
        }
        files.set(urlPath, {
          type: CONTENT_TYPES[extname(entry.name).toLowerCase()] ?? 'application/octet-stream',
          cacheControl: urlPath.startsWith('/assets/') ? IMMUTABLE : REVALIDATE,
          variants,
        });
      }
    }
  };
  walk(base);
  return files;
}

/** Whether an If-None-Match header names this ETag (weak comparison, as for GET). */
export function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  const bare = (tag: string) => tag.trim().replace(/^W\//, '');
  return header.split(',').some((tag) => bare(tag) === etag);
}

/** One file as the response to a request: chosen copy, headers, 304 when the client has it. */
function respond(c: Context, file: StaticFile): Response {
  const encoding = chooseEncoding(c.req.header('accept-encoding'), Object.keys(file.variants) as Encoding[]);
  const headers: Record<string, string> = { 'Cache-Control': file.cacheControl, Vary: 'Accept-Encoding' };
  if (!encoding) return c.body('Not Acceptable', 406, headers);
  const variant = file.variants[encoding]!;
  headers.ETag = variant.etag;
  if (matchesEtag(c.req.header('if-none-match'), variant.etag)) return c.body(null, 304, headers);
  headers['Content-Type'] = file.type;
  if (encoding !== 'identity') headers['Content-Encoding'] = encoding;
  headers['Content-Length'] = String(variant.body.byteLength);
  if (c.req.method === 'HEAD') return c.body(null, 200, headers);
  return c.body(variant.body as Uint8Array<ArrayBuffer>, 200, headers);
}

/** The paths of the tenants' pay page: `/pay/<payCode>`, the link a room's sticker carries. */
export const PAY_PAGE_PREFIX = '/pay/';
/** The signed-in tenant page: `/tenant` and the paths under it (also answered with pay.html). */
export const TENANT_PAGE_PATH = '/tenant';
/** Whether a path is one of the tenants' pages (pay.html): `/pay/…`, `/tenant`, `/tenant/…`. */
export const isTenantsPage = (path: string) =>
  path.startsWith(PAY_PAGE_PREFIX) || path === TENANT_PAGE_PATH || path.startsWith(`${TENANT_PAGE_PATH}/`);

/**
 * Middleware serving the built console from `root` (when it holds an index.html; otherwise it only
 * passes requests on). Mounted after the API, for GET and HEAD outside `/api/`.
 */
export function staticAssets(root: string): MiddlewareHandler {
  const files = existsSync(join(root, 'index.html')) ? loadStaticFiles(root) : new Map<string, StaticFile>();
  const index = files.get('/index.html');
  const payPage = files.get('/pay.html');
  return async (c, next) => {
    const path = c.req.path;
    if (!index || (c.req.method !== 'GET' && c.req.method !== 'HEAD') || path === '/api' || path.startsWith('/api/')) return next();
    const file = files.get(path);
    if (file) return respond(c, file);
    if (path.startsWith('/assets/')) return c.body('Not Found', 404, { 'Cache-Control': REVALIDATE, 'Content-Type': 'text/plain; charset=utf-8' });
    if (payPage && isTenantsPage(path)) return respond(c, payPage);
    return respond(c, index);
  };
}
