import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The console is served by the API server from any base path: assets are referenced relatively
// and the router reads its basename from <base href> (see src/app/base-path.ts).
export default defineConfig({
  base: './',
  plugins: [react()],
  resolve: { conditions: ['source', 'module', 'browser', 'development|production'] },
  server: {
    proxy: {
      '/v1': 'http://127.0.0.1:8080',
      '/v2': 'http://127.0.0.1:8080',
      '/healthz': 'http://127.0.0.1:8080',
    },
  },
  build: {
    outDir: 'dist',
    chunkSizeWarningLimit: 900,
    rollupOptions: {
      output: {
        manualChunks(id: string) {
          if (id.includes('node_modules/exceljs')) return 'exceljs';
          // Ant Design is left to the per-route split: one chunk for all of it would load every
          // component of every screen on the first page (DESIGN §8: < 400 kB gzip first load).
          if (/node_modules\/(react|react-dom|scheduler)\//.test(id)) return 'react';
          return undefined;
        },
      },
    },
  },
});
