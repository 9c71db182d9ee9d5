import type { Plugin } from 'vite';

/**
 * The console suite's dependencies, pre-bundled once per run by Vite's optimizer (into
 * node_modules/.vite/vitest/): a test file then imports react-admin, MUI and their peers as a few
 * large files instead of thousands of small ones (react-admin's import: about 3 s → 1.3 s per file
 * here, 11 s → 2 s on a loaded machine). Every package the console or its tests import directly
 * and that another of them imports too must be listed, or it would exist twice (two React
 * contexts: a form context one copy provides and the other reads as null).
 */
export const CONSOLE_OPTIMIZED_DEPS = [
  'react-admin', 'ra-core', 'ra-ui-materialui', '@mui/material', '@mui/material/styles', '@mui/icons-material',
  'react-router', 'react-router-dom', '@tanstack/react-query', 'react-hook-form',
  '@testing-library/react', '@testing-library/user-event',
  // MUI's style engine: the console's tests reset its style cache between files (tests/msw/emotionStyles.ts).
  '@emotion/react',
];

/**
 * Vitest loads the optimized files with Node's own loader. A test's or a source file's import of a
 * package resolves to `deps/<package>.js?v=<hash>`, while the optimized files import each other
 * as `./<package>.js`: Node keeps a module per URL, so `react-hook-form` would be loaded twice and
 * react-admin's forms would not be seen by the console's own inputs. This drops the version query
 * (the folder already changes with the optimizer's hash), so both are one module.
 */
export function optimizedDepsWithoutVersionQuery(): Plugin {
  return {
    name: 'console-tests:optimized-deps-without-version-query',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      if (resolved && resolved.id.includes('/node_modules/.vite/') && /\?v=[0-9a-f]+$/.test(resolved.id)) {
        return { ...resolved, id: resolved.id.replace(/\?v=[0-9a-f]+$/, '') };
      }
      return resolved;
    },
  };
}
