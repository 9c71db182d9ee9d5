import '@testing-library/jest-dom/vitest';
import { afterAll, afterEach, beforeAll, vi } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import Cookies from 'js-cookie';
import { endFileBackend, server } from './fileBackend';
import { removeInsertedStyles } from './emotionStyles';
import { i18nProvider, initialLocale } from '../../src/i18n/i18nProvider';

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

// Animation frames on the worker's real timers. jsdom runs them on one Node interval that it starts
// through the global setInterval at the first outstanding request: a test that fakes setInterval
// (the realtime and shell tests do) while a frame is requested leaves jsdom waiting on a fake interval
// that never fires, and no frame would run again in this worker's later files (isolate: false).
// Frames still run in the order asked, about 60 a second.
const realTimers = ((globalThis as { __realTimers?: { setTimeout: typeof setTimeout; clearTimeout: typeof clearTimeout } }).__realTimers ??= { setTimeout, clearTimeout });
window.requestAnimationFrame = (callback) => realTimers.setTimeout(() => callback(performance.now()), 16) as unknown as number;
window.cancelAnimationFrame = (handle) => realTimers.clearTimeout(handle as unknown as ReturnType<typeof setTimeout>);

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

// The file's backend and the MSW server live in a module shared by every importer (fileBackend.ts).
export { server, startedBackend, testBackend } from './fileBackend';

beforeAll(() => {
  server.listen({ onUnhandledRequest: 'error' });
});

afterEach(() => {
  cleanup();
  server.resetHandlers();
  for (const name of Object.keys(Cookies.get())) Cookies.remove(name, { path: '/' });
  localStorage.clear();
});

// The console project runs a worker's files in one module graph and one jsdom (isolate: false):
// what a file changed of them is put back when it ends, so that the next file starts as a fresh one
// would — its spies (an anchor's click, createObjectURL), clocks and stubs undone, the language of
// the (now cleared) lang cookie, an empty body, no styles of its screens left in the head
// (emotionStyles.ts), the page at the root.
afterAll(async () => {
  server.close();
  await endFileBackend();
  vi.restoreAllMocks();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  if (i18nProvider.getLocale() !== initialLocale()) await i18nProvider.changeLocale(initialLocale());
  document.documentElement.lang = initialLocale();
  document.title = '';
  // What a file left in the page beyond Testing Library's containers (react-admin's downloadCSV
  // appends its <a download> to the body and leaves it there).
  document.body.replaceChildren();
  removeInsertedStyles();
  window.history.replaceState({}, '', '/');
});
