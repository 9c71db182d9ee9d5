import { setupServer } from 'msw/node';
import { startTestBackend, type TestBackend } from '../support/testApp';
import { forwardToBackend } from './handlers';

/**
 * The current test file's backend and the MSW server that forwards `/api` to it. A module of its
 * own, not the setup file: the console project runs its files one after another in one module
 * graph per worker (`isolate: false`), where the setup file runs again before each file but a kit
 * that imported it (tests/console/render.tsx) keeps the first instance. Everything that needs the
 * file's backend reads it here, and the setup file ends it after the file (`endFileBackend`).
 */
let backend: TestBackend | undefined;
let starting: Promise<TestBackend> | undefined;

/**
 * The backend of the current test file: one per file, started from the seed at the file's
 * first API request (a file of pure unit tests never starts one). Tests share it, so each test
 * works on records of its own rather than counting on another test's writes.
 */
export const testBackend = () => {
  if (!backend) throw new Error('test backend not started yet: sign in (or call startedBackend()) first');
  return backend;
};

/** Starts the file's backend if need be. */
export const startedBackend = () => (starting ??= startTestBackend().then((started) => (backend = started)));

/** Closes the file's backend, if it started one: the next file starts its own from the seed. */
export async function endFileBackend() {
  const started = starting;
  starting = undefined;
  backend = undefined;
  if (started) await (await started).close();
}

/** One MSW server per worker; its handlers go back to `/api` forwarding after every test. */
export const server = setupServer(...forwardToBackend(startedBackend));
