import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

const backend = `http://localhost:${process.env.API_PORT ?? 8080}`;

export default defineConfig({
  plugins: [react()],
  server: {
    port: Number(process.env.VITE_PORT ?? 5173),
    proxy: { '/api': { target: backend, changeOrigin: true, ws: true } },
  },
  build: {
    outDir: 'dist',
    chunkSizeWarningLimit: 1500,
  },
  test: {
    globals: true,
    projects: [
      {
        test: {
          name: 'server',
          environment: 'node',
          include: ['tests/server/**/*.test.ts'],
          globalSetup: ['tests/support/globalSeed.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          // The API security harness (tests/security/): generated from the OpenAPI document and the
          // route table, so every route is fuzzed and checked for scope and token rules.
          name: 'security',
          environment: 'node',
          include: ['tests/security/**/*.test.ts'],
          globalSetup: ['tests/support/globalSeed.ts'],
          testTimeout: 120_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'console',
          environment: 'jsdom',
          include: ['tests/console/**/*.test.{ts,tsx}'],
          globalSetup: ['tests/support/globalSeed.ts'],
          setupFiles: ['tests/msw/setup.ts'],
          // Whole-console flows in jsdom (typing, role queries over large tables) take a while.
          testTimeout: 90_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
