import '@testing-library/jest-dom/vitest';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import { setupServer } from 'msw/node';
import Cookies from 'js-cookie';
import { startTestBackend, type TestBackend } from '../support/testApp';
import { forwardToBackend } from './handlers';

// findBy…/waitFor return as soon as what they wait for is there; the limit only ends a hang (a
// backend answer, or the first render of a page, can take tens of seconds on a loaded machine).
configure({ asyncUtilTimeout: 60_000 });
// Role queries skip the accessibility-tree check (a getComputedStyle of every element and its
// parents, against every MUI style rule: seconds per query on a list page in jsdom). A query that
// is about visibility says so: `{ hidden: false }` or toBeVisible().
configure({ defaultHidden: true });
// The whole app renders asynchronously (like a browser); act() warnings would only be noise.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;

// jsdom has no layout: scrolling the window only records the position (and fires 'scroll').
window.scrollTo = ((x: number | ScrollToOptions, y?: number) => {
  const top = typeof x === 'object' ? x.top ?? window.scrollY : y ?? 0;
  Object.defineProperty(window, 'scrollY', { value: top, configurable: true });
  window.dispatchEvent(new Event('scroll'));
}) as typeof window.scrollTo;

// jsdom's Blob has no arrayBuffer(); PGlite reads its extension bundles (pg_trgm) through it.
if (!Blob.prototype.arrayBuffer) {
  Blob.prototype.arrayBuffer = function arrayBuffer(this: Blob) {
    return new Promise<ArrayBuffer>((resolve, reject) => {
      const reader = new FileReader();
      reader.onload = () => resolve(reader.result as ArrayBuffer);
      reader.onerror = () => reject(reader.error);
      reader.readAsArrayBuffer(this);
    });
  };
}

let backend: TestBackend | undefined;
let starting: Promise<TestBackend> | undefined;

/**
 * The backend of the current test file: one per file, started from the seeded dump at the file's
 * first API request (a file of pure unit tests never starts one). Tests share it, so each test
 * works on records of its own rather than counting on another test's writes.
 */
export const testBackend = () => {
  if (!backend) throw new Error('test backend not started yet: sign in (or call startedBackend()) first');
  return backend;
};

/** Starts the file's backend if need be. */
export const startedBackend = () => (starting ??= startTestBackend().then((started) => (backend = started)));

const server = setupServer(...forwardToBackend(startedBackend));

beforeAll(() => {
  server.listen({ onUnhandledRequest: 'error' });
});

afterEach(() => {
  cleanup();
  server.resetHandlers();
  for (const name of Object.keys(Cookies.get())) Cookies.remove(name, { path: '/' });
  localStorage.clear();
});

afterAll(async () => {
  server.close();
  if (starting) await (await starting).close();
});

export { server };
