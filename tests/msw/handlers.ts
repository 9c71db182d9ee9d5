import { http } from 'msw';
import type { TestBackend } from '../support/testApp';

/** Every /api call goes to the real backend app (in-process, on in-memory PGlite with the fixed seed). */
export const forwardToBackend = (getBackend: () => TestBackend) => [
  http.all('*/api/*', async ({ request }) => getBackend().app.fetch(request)),
];
