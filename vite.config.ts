import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { precompress } from './scripts/precompress.ts';
import { CONSOLE_OPTIMIZED_DEPS, optimizedDepsWithoutVersionQuery } from './tests/support/optimizedDeps.ts';
import LongFirst from './tests/support/sequencer.ts';

const backend = `http://localhost:${process.env.API_PORT ?? 8080}`;
// Test backends run PGlite in-process unless PGLITE_WORKER says otherwise: measured faster for the
// suites (server suite 400 s in-process against 538 s in the worker on a loaded 2-core machine);
// tests/server/pgliteWorker.test.ts covers the worker, and PGLITE_WORKER=on runs everything on it.
const testEnv = { PGLITE_WORKER: process.env.PGLITE_WORKER ?? 'off' };

export default defineConfig({
  // precompress: brotli and gzip copies of the built files, sent as they are by the backend.
  plugins: [react(), precompress()],
  server: {
    port: Number(process.env.VITE_PORT ?? 5173),
    proxy: { '/api': { target: backend, changeOrigin: true, ws: true } },
  },
  build: {
    outDir: 'dist',
    chunkSizeWarningLimit: 1500,
    rolldownOptions: {
      output: {
        // What the login page needs in one file (one request, one compression window) instead of a
        // dozen shared chunks; the shell, the screens and the catalogs stay chunks of their own.
        codeSplitting: { groups: [{ name: 'start', tags: ['$initial'] }] },
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
