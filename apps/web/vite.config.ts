import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { bootMessages, languageParts } from './build/boot-messages';
import { precompress } from './build/precompress';

const contractsSrc = fileURLToPath(new URL('../../packages/contracts/src', import.meta.url));
// The dev server forwards API calls to a running Jade server (npm run serve).
const apiTarget = process.env.JADE_API_URL ?? 'http://127.0.0.1:8080';

export default defineConfig({
  plugins: [react(), bootMessages(), languageParts(), precompress()],
  resolve: {
    // Bundle the contracts' TypeScript source, so the web app never needs packages/contracts/dist.
    alias: [{ find: /^@jade\/contracts\/(.*)$/, replacement: `${contractsSrc}/$1.ts` }],
  },
  server: {
    proxy: {
      '/wps': apiTarget,
      '/lgw': apiTarget,
      '/healthz': apiTarget,
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    // The server reads it to announce the chunks the first route needs (Link: modulepreload).
    manifest: true,
    chunkSizeWarningLimit: 400,
    rolldownOptions: {
      output: {
        // React changes far less often than the app: its own chunk stays cached across releases.
        codeSplitting: {
          groups: [
            { name: 'react', test: /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
            // zod in a chunk of its own: left to the chunker it shares one with a small hook the shell
            // needs, and /index then loads 25 KB of schemas it never runs (the 150 KB budget, issue 9).
            { name: 'zod', test: /[\\/]node_modules[\\/]zod[\\/]/ },
          ],
        },
      },
    },
  },
});
