/**
 * The built console as the backend serves it (server/http/staticAssets.ts), on a small fake build
 * folder: precompressed copies by Accept-Encoding, cache headers, ETag revalidation, the SPA
 * fallback, content types, no way out of the folder, and the security headers of the app.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { createApp } from '../../server/app';
import { IMMUTABLE, chooseEncoding, matchesEtag, staticAssets } from '../../server/http/staticAssets';
import { precompressFolder } from '../../scripts/precompress';

const INDEX = `<!doctype html><html><head><script type="module" src="/assets/index-abc123.js"></script></head><body><div id="root"></div>${'<!-- padding -->'.repeat(100)}</body></html>`;
const PAY = `<!doctype html><html><head><link rel="stylesheet" href="/assets/pay-777777.css"><script type="module" src="/assets/pay-999999.js"></script></head><body><div id="pay-root"></div>${'<!-- pay page -->'.repeat(100)}</body></html>`;
const SCRIPT = `export const rows = [${Array.from({ length: 400 }, (_, i) => `{id:${i},name:"meter ${i}"}`).join(',')}];`;

let root: string;
let outside: string;
let app: ReturnType<typeof createApp>;

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'static-assets-'));
  outside = mkdtempSync(join(tmpdir(), 'static-outside-'));
  mkdirSync(join(root, 'assets'));
  writeFileSync(join(root, 'index.html'), INDEX);
  writeFileSync(join(root, 'pay.html'), PAY);
  writeFileSync(join(root, 'assets', 'index-abc123.js'), SCRIPT);
  writeFileSync(join(root, 'assets', 'style-def456.css'), `body{margin:0}${'.a{color:red}'.repeat(200)}`);
  writeFileSync(join(root, 'assets', 'tiny-0a0a0a.js'), 'export{};');
  writeFileSync(join(root, 'assets', 'logo-111111.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
  writeFileSync(join(root, 'favicon.svg'), `<svg xmlns="http://www.w3.org/2000/svg">${'<g/>'.repeat(400)}</svg>`);
  writeFileSync(join(root, 'tenant-sw.js'), `self.addEventListener('fetch', () => undefined);${'//'.repeat(600)}`);
  writeFileSync(join(root, 'tenant.webmanifest'), JSON.stringify({ name: 'tenant', start_url: '/tenant', pad: 'x'.repeat(1200) }));
  writeFileSync(join(outside, 'secret.txt'), 'not for the web');
  symlinkSync(join(outside, 'secret.txt'), join(root, 'linked.txt'));
  await precompressFolder(root);
  // The app with its security headers; no database is touched outside /api/.
  app = createApp({ db: undefined as never, config: { simulator: false }, now: () => new Date(), commandsQueued: () => undefined, log: () => undefined });
  app.use('*', staticAssets(root));
});

afterAll(() => {
  rmSync(root, { recursive: true, force: true });
  rmSync(outside, { recursive: true, force: true });
});

const get = (path: string, headers: Record<string, string> = {}) => app.request(path, { headers });

describe('precompressed copies', () => {
  it('the build plugin writes .br and .gz copies only for compressible files above 1 KB', async () => {
    const { existsSync } = await import('node:fs');
    expect(existsSync(join(root, 'assets', 'index-abc123.js.br'))).toBe(true);
    expect(existsSync(join(root, 'assets', 'index-abc123.js.gz'))).toBe(true);
    expect(existsSync(join(root, 'favicon.svg.br'))).toBe(true);
    expect(existsSync(join(root, 'assets', 'tiny-0a0a0a.js.br'))).toBe(false);
    expect(existsSync(join(root, 'assets', 'logo-111111.png.gz'))).toBe(false);
  });

  it('sends brotli before gzip before the file itself, by Accept-Encoding', async () => {
    const br = await get('/assets/index-abc123.js', { 'Accept-Encoding': 'gzip, deflate, br' });
    expect(br.status).toBe(200);
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('vary')).toBe('Accept-Encoding');
    expect(br.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    const brBody = Buffer.from(await br.arrayBuffer());
    expect(Number(br.headers.get('content-length'))).toBe(brBody.length);
    expect(brBody.length).toBeLessThan(SCRIPT.length / 3);
    expect(brotliDecompressSync(brBody).toString()).toBe(SCRIPT);

    const gz = await get('/assets/index-abc123.js', { 'Accept-Encoding': 'gzip' });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(Buffer.from(await gz.arrayBuffer())).toString()).toBe(SCRIPT);

    const refusedBr = await get('/assets/index-abc123.js', { 'Accept-Encoding': 'br;q=0, gzip;q=0.5' });
    expect(refusedBr.headers.get('content-encoding')).toBe('gzip');

    const plain = await get('/assets/index-abc123.js');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(plain.headers.get('vary')).toBe('Accept-Encoding');
    expect(await plain.text()).toBe(SCRIPT);
  });

  it('sends a file without a compressed copy as it is', async () => {
    const tiny = await get('/assets/tiny-0a0a0a.js', { 'Accept-Encoding': 'br, gzip' });
    expect(tiny.headers.get('content-encoding')).toBeNull();
    expect(await tiny.text()).toBe('export{};');
  });

  it('chooses encodings as RFC 9110 says (q-values, *, identity refused)', () => {
    const all = ['br', 'gzip', 'identity'] as const;
    expect(chooseEncoding('gzip, br', all)).toBe('br');
    expect(chooseEncoding('*', all)).toBe('br');
    expect(chooseEncoding('*;q=0, identity', all)).toBe('identity');
    expect(chooseEncoding('BR;Q=0.1, GZIP', all)).toBe('br');
    expect(chooseEncoding('deflate', all)).toBe('identity');
    expect(chooseEncoding('identity;q=0', ['identity'])).toBeUndefined();
    expect(chooseEncoding(undefined, all)).toBe('identity');
  });
});

describe('caching', () => {
  it('hashed build files are immutable for a year', async () => {
    const response = await get('/assets/style-def456.css', { 'Accept-Encoding': 'br' });
    expect(response.headers.get('cache-control')).toBe(IMMUTABLE);
    expect(response.headers.get('content-type')).toBe('text/css; charset=utf-8');
  });

  it('index.html is revalidated: no-cache with an ETag, 304 when unchanged, per encoding', async () => {
    const first = await get('/', { 'Accept-Encoding': 'br' });
    expect(first.status).toBe(200);
    expect(first.headers.get('cache-control')).toBe('no-cache');
    expect(first.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^".+"$/);
    const again = await get('/', { 'Accept-Encoding': 'br', 'If-None-Match': etag });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    expect(again.headers.get('etag')).toBe(etag);
    expect(again.headers.get('cache-control')).toBe('no-cache');
    // Another representation has another tag: a gzip client with the brotli tag gets the file.
    const gzip = await get('/index.html', { 'Accept-Encoding': 'gzip', 'If-None-Match': etag });
    expect(gzip.status).toBe(200);
    expect(gzip.headers.get('etag')).not.toBe(etag);
    expect(matchesEtag(`W/${etag}, "other"`, etag)).toBe(true);
  });

  it('HEAD answers the headers without a body', async () => {
    const head = await app.request('/assets/index-abc123.js', { method: 'HEAD', headers: { 'Accept-Encoding': 'gzip' } });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-encoding')).toBe('gzip');
    expect((await head.arrayBuffer()).byteLength).toBe(0);
  });
});

describe('routes', () => {
  it('any other path outside /api/ is the console (SPA fallback), revalidated', async () => {
    for (const path of ['/waterarchive', '/waterarchive/12', '/login?redirect=%2Fwaterarchive', '/no/such/page']) {
      const response = await get(path, { 'Accept-Encoding': 'gzip' });
      expect(response.status, path).toBe(200);
      expect(response.headers.get('cache-control')).toBe('no-cache');
      expect(gunzipSync(Buffer.from(await response.arrayBuffer())).toString()).toBe(INDEX);
    }
  });

  it('/pay/<anything> is the tenants\' pay page (pay.html), revalidated, with the app\'s security headers', async () => {
    for (const path of ['/pay/AbCdEfGhIjKlMnOpQrStUvWxYz012345', '/pay/AbCdEfGhIjKlMnOpQrStUvWxYz012345?lang=en', '/pay/not-a-code', '/pay/x/y']) {
      const response = await get(path, { 'Accept-Encoding': 'br' });
      expect(response.status, path).toBe(200);
      expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(response.headers.get('cache-control')).toBe('no-cache');
      expect(response.headers.get('content-security-policy'), path).toContain("script-src 'self'");
      expect(brotliDecompressSync(Buffer.from(await response.arrayBuffer())).toString(), path).toBe(PAY);
    }
    const head = await app.request('/pay/AbCdEfGhIjKlMnOpQrStUvWxYz012345', { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(Number(head.headers.get('content-length'))).toBe(PAY.length);
    // pay.html by its own name too; the console's routes stay the console's, /pay itself and /payments included.
    expect(await (await get('/pay.html')).text()).toBe(PAY);
    for (const path of ['/pay', '/payments', '/payLink/12', '/waterarchive/pay/1']) expect(await (await get(path)).text(), path).toBe(INDEX);
  });

  it('/tenant and /tenant/<anything> are the signed-in tenant page (pay.html); its worker and manifest are files of their own', async () => {
    for (const path of ['/tenant', '/tenant/', '/tenant/usage', '/tenant/bills/2026-11', '/tenant/pay?utility=water']) {
      const response = await get(path, { 'Accept-Encoding': 'br' });
      expect(response.status, path).toBe(200);
      expect(response.headers.get('content-type'), path).toBe('text/html; charset=utf-8');
      expect(response.headers.get('cache-control'), path).toBe('no-cache');
      expect(brotliDecompressSync(Buffer.from(await response.arrayBuffer())).toString(), path).toBe(PAY);
    }
    const worker = await get('/tenant-sw.js');
    expect(worker.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(worker.headers.get('cache-control')).toBe('no-cache');
    expect(await worker.text()).toContain("addEventListener('fetch'");
    const manifest = await get('/tenant.webmanifest');
    expect(manifest.headers.get('content-type')).toBe('application/manifest+json; charset=utf-8');
    expect((await manifest.json()).start_url).toBe('/tenant');
    // Paths that only start like it stay the console's.
    for (const path of ['/tenants', '/tenantList', '/tenant-x']) expect(await (await get(path)).text(), path).toBe(INDEX);
  });

  it('a build without the pay page answers index.html for /pay/ too', async () => {
    const older = mkdtempSync(join(tmpdir(), 'static-no-pay-'));
    try {
      writeFileSync(join(older, 'index.html'), INDEX);
      const bare = createApp({ db: undefined as never, config: { simulator: false }, now: () => new Date(), commandsQueued: () => undefined, log: () => undefined });
      bare.use('*', staticAssets(older));
      expect(await (await bare.request('/pay/AbCdEfGhIjKlMnOpQrStUvWxYz012345')).text()).toBe(INDEX);
    } finally {
      rmSync(older, { recursive: true, force: true });
    }
  });

  it('a missing build file is a 404, not the page', async () => {
    const response = await get('/assets/index-old999.js');
    expect(response.status).toBe(404);
    expect(response.headers.get('cache-control')).toBe('no-cache');
  });

  it('API paths are left to the API', async () => {
    const response = await get('/api/no-such-call');
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toMatch(/application\/json/);
    expect(response.headers.get('cache-control')).toBe('no-store');
  });

  it('no path reaches outside the folder, nor a compressed copy or a symlink directly', async () => {
    for (const path of ['/../secret.txt', '/%2e%2e/%2e%2e/etc/passwd', '/assets/..%2f..%2findex.html', '/assets/%2e%2e%2f%2e%2e%2fetc%2fpasswd', '/linked.txt', '/assets/index-abc123.js.br']) {
      const response = await get(path);
      const text = await response.text();
      expect(text, path).not.toContain('not for the web');
      expect(text, path).not.toContain('root:');
      if (path.startsWith('/assets/')) expect(response.status, path).toBe(404);
      else expect(text, path).toBe(INDEX);
    }
  });

  it('keeps the security headers of the app (CSP, framing, nosniff)', async () => {
    for (const path of ['/', '/assets/index-abc123.js', '/waterarchive']) {
      const response = await get(path, { 'Accept-Encoding': 'br' });
      expect(response.headers.get('content-security-policy'), path).toContain("script-src 'self'");
      expect(response.headers.get('content-security-policy'), path).toContain("frame-ancestors 'none'");
      expect(response.headers.get('x-frame-options')).toBe('DENY');
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    }
  });

  it('content types by extension', async () => {
    expect((await get('/favicon.svg')).headers.get('content-type')).toBe('image/svg+xml');
    expect((await get('/assets/logo-111111.png')).headers.get('content-type')).toBe('image/png');
  });

  it('without a build folder nothing is served (the API alone)', async () => {
    const bare = createApp({ db: undefined as never, config: { simulator: false }, now: () => new Date(), commandsQueued: () => undefined, log: () => undefined });
    bare.use('*', staticAssets(join(root, 'missing')));
    expect((await bare.request('/')).status).toBe(404);
  });
});
