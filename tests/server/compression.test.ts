/**
 * The API's JSON answers compressed by Accept-Encoding (server/http/compression.ts): the same JSON
 * after decompression, brotli before gzip, small answers and non-JSON answers as they are, nothing
 * compressed for a client that does not ask.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { loginAs, startTestBackend, type TestBackend } from '../support/testApp';
import { COMPRESS_IN_POOL_BYTES, COMPRESS_MIN_BYTES } from '../../server/http/compression';

let backend: TestBackend;
let token: string;
const LIST = '/api/v1/electricity/webWaterArchive/findByCondition?pageNum=1&pageSize=25';

beforeAll(async () => {
  backend = await startTestBackend();
  token = await loginAs(backend.app, 'admin');
});

afterAll(() => backend.close());

const get = (path: string, headers: Record<string, string> = {}) => backend.app.request(path, { headers: { 'X-Token': token, ...headers } });

describe('API answers compressed by Accept-Encoding', () => {
  it('sends a list page in brotli when the client accepts it, the same JSON once decompressed', async () => {
    const plain = await get(LIST);
    expect(plain.headers.get('content-encoding')).toBeNull();
    const json = await plain.text();
    expect(json.length).toBeGreaterThan(COMPRESS_MIN_BYTES);

    const br = await get(LIST, { 'Accept-Encoding': 'gzip, deflate, br' });
    expect(br.status).toBe(200);
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('content-type')).toMatch(/^application\/json/);
    expect(br.headers.get('cache-control')).toBe('no-store');
    expect(br.headers.get('vary')).toMatch(/Accept-Encoding/i);
    const bytes = Buffer.from(await br.arrayBuffer());
    expect(Number(br.headers.get('content-length'))).toBe(bytes.byteLength);
    expect(bytes.byteLength).toBeLessThan(json.length / 4);
    expect(JSON.parse(brotliDecompressSync(bytes).toString('utf8'))).toEqual(JSON.parse(json));
  });

  it('sends gzip when brotli is not accepted (or refused with q=0)', async () => {
    for (const header of ['gzip', 'br;q=0, gzip']) {
      const response = await get(LIST, { 'Accept-Encoding': header });
      expect(response.headers.get('content-encoding')).toBe('gzip');
      const json = JSON.parse(gunzipSync(Buffer.from(await response.arrayBuffer())).toString('utf8'));
      expect(json.code).toBe(200);
      expect(json.data.records).toHaveLength(25);
    }
  });

  it('leaves small answers, refused codings and errors below the threshold as they are', async () => {
    const small = await get('/api/v1/electricity/sysUser/currentUser', { 'Accept-Encoding': 'br, gzip' });
    const text = await small.text();
    expect(text.length).toBeLessThan(COMPRESS_MIN_BYTES);
    expect(small.headers.get('content-encoding')).toBeNull();
    expect(JSON.parse(text).code).toBe(200);

    const identity = await get(LIST, { 'Accept-Encoding': 'identity, br;q=0, gzip;q=0' });
    expect(identity.headers.get('content-encoding')).toBeNull();
    expect((await identity.json()).data.records).toHaveLength(25);

    const unauthorized = await backend.app.request(LIST, { headers: { 'X-Token': 'f'.repeat(48), 'Accept-Encoding': 'br' } });
    expect(unauthorized.status).toBe(401);
    expect(unauthorized.headers.get('content-encoding')).toBeNull();
    expect((await unauthorized.json()).code).toBe(401);
  });

  it('leaves an answer that is not JSON as it is (a CSV export streams)', async () => {
    const response = await backend.app.request('/api/reference', { headers: { 'Accept-Encoding': 'br' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    expect(response.headers.get('content-encoding')).toBeNull();
  });
});

describe('a large answer', () => {
  it('is compressed on the thread pool to the same JSON (the OpenAPI document)', async () => {
    const plain = await backend.app.request('/api/openapi.json');
    const json = await plain.text();
    const gz = await backend.app.request('/api/openapi.json', { headers: { 'Accept-Encoding': 'gzip' } });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(Buffer.from(await gz.arrayBuffer())).toString('utf8')).toBe(json);
    const br = await backend.app.request('/api/openapi.json', { headers: { 'Accept-Encoding': 'br' } });
    expect(brotliDecompressSync(Buffer.from(await br.arrayBuffer())).toString('utf8')).toBe(json);
    expect(json.length).toBeGreaterThan(COMPRESS_IN_POOL_BYTES);
  });
});
