/** Build of the bench's minimal react-admin app (bench/console/): `vite build --config bench/console/vite.config.ts`. */
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { precompress } from '../../scripts/precompress.ts';

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  // Same build treatment as the console: precompressed copies, sent by the same static server.
  plugins: [react(), precompress()],
  build: { outDir: 'dist', emptyOutDir: true, chunkSizeWarningLimit: 1500 },
});
