import { defineConfig } from 'vitest/config';
import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { precompress } from './scripts/precompress.ts';
import { CONSOLE_OPTIMIZED_DEPS, optimizedDepsWithoutVersionQuery } from './tests/support/optimizedDeps.ts';
import LongFirst from './tests/support/sequencer.ts';
import type { Plugin } from 'vite';

const backend = `http://localhost:${process.env.API_PORT ?? 8080}`;
// Test backends run PGlite in-process unless PGLITE_WORKER says otherwise: measured faster for the
// suites (server suite 400 s in-process against 538 s in the worker on a loaded 2-core machine);
// tests/server/pgliteWorker.test.ts covers the worker, and PGLITE_WORKER=on runs everything on it.
const testEnv = { PGLITE_WORKER: process.env.PGLITE_WORKER ?? 'off' };

/**
 * The tenants' pay page (issue 41) is an entry of its own (pay.html, src/pay/): its sticker links
 * `/pay/<payCode>` answer pay.html, from the backend (server/http/staticAssets.ts) as from Vite's
 * development server (here); so do `/tenant` and the paths under it, the signed-in tenant page
 * (issue 42, src/pay/tenant/), which pay.html's script starts on those paths.
 */
const PAY_PAGE_PATH = /^\/pay\/[^/]+\/?$|^\/tenant(\/.*)?$/;
function payPageInDevelopment(): Plugin {
  return {
    name: 'pay-page-route',
    configureServer(server) {
      server.middlewares.use((req, _res, next) => {
        const [path, query] = (req.url ?? '').split('?');
        if (PAY_PAGE_PATH.test(path)) req.url = `/pay.html${query ? `?${query}` : ''}`;
        next();
      });
    },
  };
}

/** The HTML entries' modules: the console's and the pay page's. */
const ENTRIES = { console: resolve(import.meta.dirname, 'index.html'), pay: resolve(import.meta.dirname, 'pay.html') };
type ModuleGraph = { getModuleInfo(id: string): { importedIds: readonly string[] } | null };
const reachedBy = new WeakMap<ModuleGraph, Record<keyof typeof ENTRIES, Set<string>>>();
/** Which entries import a module statically (directly or through others): 'console', 'pay', 'both' or none. */
function entriesReaching(id: string, graph: ModuleGraph): 'console' | 'pay' | 'both' | undefined {
  let sets = reachedBy.get(graph);
  if (!sets) {
    // Static imports only (importedIds): what a screen loads later with import() is not the entry's.
    const closure = (entry: string) => {
      const seen = new Set<string>([entry]);
      const queue = [entry];
      while (queue.length) {
        for (const next of graph.getModuleInfo(queue.pop()!)?.importedIds ?? []) {
          if (seen.has(next)) continue;
          seen.add(next);
          queue.push(next);
        }
      }
      return seen;
    };
    sets = { console: closure(ENTRIES.console), pay: closure(ENTRIES.pay) };
    reachedBy.set(graph, sets);
  }
  const inConsole = sets.console.has(id);
  const inPay = sets.pay.has(id);
  return inConsole && inPay ? 'both' : inConsole ? 'console' : inPay ? 'pay' : undefined;
}

export default defineConfig({
  // precompress: brotli and gzip copies of the built files, sent as they are by the backend.
  plugins: [react(), precompress(), payPageInDevelopment()],
  server: {
    port: Number(process.env.VITE_PORT ?? 5173),
    proxy: { '/api': { target: backend, changeOrigin: true, ws: true } },
  },
  build: {
    outDir: 'dist',
    chunkSizeWarningLimit: 1500,
    rolldownOptions: {
      // The console and the tenants' pay page, which shares nothing of the console but React.
      input: { index: 'index.html', pay: 'pay.html' },
      output: {
        // What the login page needs in two files (few requests, large compression windows) instead
        // of a dozen shared chunks: the console's own start (merged into its entry chunk, index-*.js)
        // and 'shared', what the pay page needs of it too (React, the money texts), so that the pay
        // page loads that and its own entry chunk only. The shell, the screens and the catalogs stay
        // chunks of their own.
        codeSplitting: {
          groups: [
            { debugName: 'shared', name: (id, ctx) => (entriesReaching(id, ctx) === 'both' ? 'shared' : null), tags: ['$initial'], priority: 2 },
            { debugName: 'start', name: (id, ctx) => (entriesReaching(id, ctx) === 'console' ? 'start' : null), tags: ['$initial'], priority: 1 },
          ],
        },
      },
    },
  },
  test: {
    globals: true,
    // Three worker processes on a 2-core machine: test files wait on each other's CPU rather than
    // on I/O, but a shared machine gives CPU per process, and one long file (the restart test seeds
    // a whole estate) no longer holds up half the run. Each file has a backend of its own, on PGlite
    // opened on a copy of the global setup's seeded data folder (tests/support/testApp.ts). Timeouts only
    // end hangs: no test counts on the machine being fast.
    pool: 'forks',
    // `npm run test:coverage`: v8 coverage of the server, the console and the shared rules, as
    // measured before and after issue 45's changes to the suite (docs/testing.md).
    coverage: {
      provider: 'v8',
      include: ['server/**/*.{ts,tsx,mts,mjs,js}', 'src/**/*.{ts,tsx}', 'common/**/*.{ts,tsx}'],
      reporter: ['text-summary', 'json-summary'],
      reportsDirectory: 'coverage',
    },
    maxWorkers: Number(process.env.VITEST_MAX_WORKERS ?? 3),
    // The longest files first, the server's project first (tests/support/sequencer.ts).
    sequence: { sequencer: LongFirst },
    projects: [
      {
        test: {
          name: 'server',
          environment: 'node',
          env: testEnv,
          // A worker runs its server files one after another in one module graph (not a fresh one per
          // file): the server's modules are loaded and compiled once per worker instead of once per
          // file (the project: 202 s → 113 s, 323 s → 177 s of CPU, here). A file shares no state with
          // the next: its own database from the dump, its own backend, caches and simulated devices
          // (tests/support/testApp.ts); no server test mocks a module, and one that changes the
          // environment puts it back.
          isolate: false,
          include: ['tests/server/**/*.test.ts'],
          globalSetup: ['tests/support/globalSeed.ts'],
          testTimeout: 300_000,
          hookTimeout: 300_000,
        },
      },
      {
        test: {
          // The API security harness (tests/security/): generated from the OpenAPI document and the
          // route table, so every route is fuzzed and checked for scope and token rules. In
          // `npm test` every listed invalid value of every field is still tried on every route, but
          // fast-check adds 10 random runs per route (SECURITY_FUZZ_RUNS; more with the variable).
          name: 'security',
          environment: 'node',
          env: { ...testEnv, SECURITY_FUZZ_RUNS: process.env.SECURITY_FUZZ_RUNS ?? '10' },
          include: ['tests/security/**/*.test.ts'],
          globalSetup: ['tests/support/globalSeed.ts'],
          testTimeout: 300_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          // The layering test (tests/structure/): the import graph against DESIGN.md's wiring rules.
          name: 'structure',
          environment: 'node',
          include: ['tests/structure/**/*.test.ts'],
        },
      },
      {
        extends: true,
        plugins: [optimizedDepsWithoutVersionQuery()],
        test: {
          // Screens and shell components on their own (tests/console/render.tsx) in jsdom, against
          // the real backend through MSW; whole-console flows are the e2e tests' (tests/e2e).
          name: 'console',
          environment: 'jsdom',
          // A worker runs its console files one after another in one module graph and one jsdom
          // (react-admin, MUI, the console's and the server's modules loaded once per worker, not
          // once per file: about half the project's CPU). A file still shares no data with the next:
          // its own backend from the dump (tests/msw/fileBackend.ts, ended after the file), and the
          // setup file clears the DOM, cookies, storage and handlers after every test.
          isolate: false,
          env: testEnv,
          include: ['tests/console/**/*.test.{ts,tsx}'],
          globalSetup: ['tests/support/globalSeed.ts'],
          // ownerStacks: React's development build without its per-element owner stacks (about a
          // tenth of a console file's CPU; tests/msw/ownerStacks.ts).
          // jsdomLabels: a label's control found through jsdom's id index (tests/msw/jsdomLabels.ts).
          setupFiles: ['tests/msw/ownerStacks.ts', 'tests/msw/jsdomLabels.ts', 'tests/msw/setup.ts'],
          // react-admin, MUI and their peers pre-bundled once per run (tests/support/optimizedDeps.ts).
          deps: { optimizer: { client: { enabled: true, include: CONSOLE_OPTIMIZED_DEPS } } },
          testTimeout: 300_000,
          hookTimeout: 300_000,
        },
      },
    ],
  },
});
