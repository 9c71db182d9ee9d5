// Entry of the PGlite worker thread: TypeScript needs tsx's loader in this thread too; it is
// registered here, as the loader of the parent thread (tsx, vitest) does not reach a worker
// (verified under npm start, node --import tsx and vitest).
import { register } from 'tsx/esm/api';

register();
await import('./pgliteWorker.ts');
