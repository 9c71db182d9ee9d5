/**
 * The project's import graph, read with TypeScript's own resolver: every static import, re-export,
 * `import()` and `import type` of every source file, resolved to a file of the repository (packages
 * are left out). The layering test (layers.test.ts) checks its arrows against the wiring rules of
 * DESIGN.md.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import ts from 'typescript';

export const ROOT = join(import.meta.dirname, '..', '..');

const SOURCE = /\.(ts|tsx|mts|mjs)$/;
const SKIP = new Set(['node_modules']);

function* walk(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (SKIP.has(entry.name) || entry.name.startsWith('.')) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(path);
    else if (SOURCE.test(entry.name) && !entry.name.endsWith('.d.ts')) yield path;
  }
}

/** A repository path with forward slashes, from the root: `server/domain/estate.ts`. */
export const repoPath = (path: string) => relative(ROOT, path).split(sep).join('/');

/** An import of a file: `to` is the repository file it resolves to, or the package it names. */
export interface Edge { from: string; to: string; specifier: string; external?: true }

const options: ts.CompilerOptions = {
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  allowImportingTsExtensions: true,
  resolveJsonModule: true,
  jsx: ts.JsxEmit.ReactJSX,
};
const host = ts.createCompilerHost(options);

/** The package a bare specifier names: `@mui/material/Box` → `@mui/material`, `node:fs` → `node:fs`. */
const packageOf = (specifier: string) => specifier.split('/').slice(0, specifier.startsWith('@') ? 2 : 1).join('/');

/**
 * Every import of the given top-level folders' files: those that resolve inside the repository with
 * the file they reach, the others (packages, Node's modules) with the package they name. A relative
 * import that resolves nowhere is reported too (`to` is the specifier), so a moved file cannot hide
 * an arrow from the test.
 */
export function importEdges(folders: readonly string[]): Edge[] {
  const edges: Edge[] = [];
  for (const folder of folders) {
    for (const file of walk(join(ROOT, folder))) {
      const info = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
      for (const { fileName: specifier } of info.importedFiles) {
        const from = repoPath(file);
        if (!specifier.startsWith('.') && !specifier.startsWith('/')) {
          edges.push({ from, to: packageOf(specifier), specifier, external: true });
          continue;
        }
        const resolved = ts.resolveModuleName(specifier, file, options, host).resolvedModule;
        edges.push({ from, to: resolved ? repoPath(resolved.resolvedFileName) : specifier, specifier });
      }
    }
  }
  return edges;
}
