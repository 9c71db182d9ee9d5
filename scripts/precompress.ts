/**
 * Vite build plugin: writes a brotli (`.br`) and a gzip (`.gz`) copy next to every compressible
 * file of the build (JS, CSS, HTML, SVG, JSON, source maps, text above `minBytes`), so that the
 * backend sends them as they are (server/http/staticAssets.ts) instead of compressing per request.
 * A copy that would not be smaller than the file is not written.
 */
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin, ResolvedConfig } from 'vite';

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/** Files worth compressing (images other than SVG and fonts are compressed already). */
export const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|map|txt|webmanifest)$/i;

async function* filesOf(folder: string): AsyncGenerator<string> {
  for (const entry of await readdir(folder, { withFileTypes: true })) {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) yield* filesOf(path);
    else if (entry.isFile()) yield path;
  }
}

/** Compresses one file into its `.br` and `.gz` siblings; answers the bytes of each written copy. */
export async function precompressFile(path: string): Promise<{ br?: number; gz?: number }> {
  const content = await readFile(path);
  const [br, gz] = await Promise.all([
    brotli(content, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: content.length } }),
    gzipped(content, { level: 9 }),
  ]);
  const written: { br?: number; gz?: number } = {};
  if (br.length < content.length) await writeFile(`${path}.br`, br).then(() => { written.br = br.length; });
  if (gz.length < content.length) await writeFile(`${path}.gz`, gz).then(() => { written.gz = gz.length; });
  return written;
}

/** Compresses every eligible file under `folder` (the build's out dir, public files included). */
export async function precompressFolder(folder: string, minBytes = 1024): Promise<number> {
  const jobs: Promise<unknown>[] = [];
  for await (const path of filesOf(folder)) {
    if (!COMPRESSIBLE.test(path)) continue;
    if ((await stat(path)).size < minBytes) continue;
    jobs.push(precompressFile(path));
  }
  await Promise.all(jobs);
  return jobs.length;
}

/** The plugin: runs once the build has written its out dir (public files copied too). */
export function precompress(options: { minBytes?: number } = {}): Plugin {
  let outDir = '';
  let logger: ResolvedConfig['logger'] | undefined;
  return {
    name: 'precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
      logger = config.logger;
    },
    async closeBundle() {
      const count = await precompressFolder(outDir, options.minBytes ?? 1024);
      logger?.info(`precompressed ${count} file(s) with brotli and gzip`);
    },
  };
}
