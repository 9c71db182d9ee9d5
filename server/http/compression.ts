/**
 * The API's JSON answers, compressed for the clients that accept it (browsers do).
 *
 * A list page is mostly repeated keys and similar values: the water archive's first page of 25
 * rows is 12 kB of JSON, 1.6 kB in brotli; the role tree behind the menu 9.8 kB, 1.5 kB. Over a
 * remote site's 4G link that is the difference between one round trip and several. The built
 * console's files are compressed once at build (staticAssets.ts); an answer is compressed as it
 * leaves, at a quality that costs a fraction of the call: brotli 4 or gzip 6 for a page of rows is
 * about 0.05 ms (large answers go to zlib's thread pool, COMPRESS_IN_POOL_BYTES).
 *
 * Left as they are: answers under COMPRESS_MIN_BYTES (the envelope of a write, a 401), answers that
 * are not JSON (CSV exports stream as they are read, the websocket's upgrade), answers that already
 * carry a Content-Encoding, and requests whose Accept-Encoding names neither coding (scripts,
 * tools, the tests' in-process calls).
 */
import { promisify } from 'node:util';
import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync, type BrotliOptions } from 'node:zlib';
import type { MiddlewareHandler } from 'hono';
import { chooseEncoding, type Encoding } from './staticAssets';

/** Smaller answers are sent as they are: a compressed copy would save less than a packet. */
export const COMPRESS_MIN_BYTES = 1024;

/**
 * Larger answers are compressed on zlib's thread pool; smaller ones at once, as the hop to the pool
 * and back costs more than the work (a 25-row page: 0.05 ms in brotli 4 at once, 0.25 ms through the pool).
 */
export const COMPRESS_IN_POOL_BYTES = 64 * 1024;

const CODINGS: Encoding[] = ['br', 'gzip', 'identity'];
const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/** The compressed bytes of `body` in `encoding` (brotli at quality 4, gzip at its default 6). */
export async function compressBody(body: Uint8Array, encoding: 'br' | 'gzip'): Promise<Buffer> {
  const inPool = body.byteLength >= COMPRESS_IN_POOL_BYTES;
  if (encoding === 'gzip') return inPool ? gzipped(body) : gzipSync(body);
  const options: BrotliOptions = { params: { [constants.BROTLI_PARAM_QUALITY]: 4, [constants.BROTLI_PARAM_SIZE_HINT]: body.byteLength } };
  return inPool ? brotli(body, options) : brotliCompressSync(body, options);
}

/** Middleware for `/api/*`: compresses a JSON answer of COMPRESS_MIN_BYTES or more when the client accepts brotli or gzip. */
export function compressJson(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const accepted = c.req.header('accept-encoding');
    if (!accepted) return;
    const response = c.res;
    if (!response.body || response.headers.has('Content-Encoding') || !response.headers.get('Content-Type')?.startsWith('application/json')) return;
    // Every answer varies with the header, compressed or not, so that no cache mixes them up.
    response.headers.append('Vary', 'Accept-Encoding');
    const encoding = chooseEncoding(accepted, CODINGS);
    if (encoding !== 'br' && encoding !== 'gzip') return;
    const body = new Uint8Array(await response.arrayBuffer());
    if (body.byteLength < COMPRESS_MIN_BYTES) {
      c.res = new Response(body, response);
      return;
    }
    const compressed = await compressBody(body, encoding);
    c.res = new Response(compressed as Uint8Array<ArrayBuffer>, response);
    c.res.headers.set('Content-Encoding', encoding);
    c.res.headers.set('Content-Length', String(compressed.byteLength));
  };
}
