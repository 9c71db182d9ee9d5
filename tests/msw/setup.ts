import '@testing-library/jest-dom/vitest';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import { setupServer } from 'msw/node';
import Cookies from 'js-cookie';
import { startTestBackend, type TestBackend } from '../support/testApp';
import { forwardToBackend } from './handlers';

// Rendering the whole console in jsdom takes a few seconds the first time (module loading).
configure({ asyncUtilTimeout: 10_000 });
// The whole app renders asynchronously (like a browser); act() warnings would only be noise.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;

// jsdom has no layout: scrolling the window only records the position (and fires 'scroll').
window.scrollTo = ((x: number | ScrollToOptions, y?: number) => {
  const top = typeof x === 'object' ? x.top ?? window.scrollY : y ?? 0;
  Object.defineProperty(window, 'scrollY', { value: top, configurable: true });
  window.dispatchEvent(new Event('scroll'));
}) as typeof window.scrollTo;

let backend: TestBackend | undefined;

/** The backend of the current test file (started once per file from the seeded dump). */
export const testBackend = () => {
  if (!backend) throw new Error('test backend not started');
  return backend;
};

const server = setupServer(...forwardToBackend(testBackend));

beforeAll(async () => {
  backend = await startTestBackend();
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
  await backend?.close();
});

export { server };
