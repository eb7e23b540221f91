import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

/** Kinds of file worth compressing (images and fonts already are; index.html is rewritten per request). */
const COMPRESSIBLE = /\.(js|mjs|css|svg|json|txt|webmanifest)$/;

/**
 * Writes `x.br` and `x.gz` beside each compressible file of the build (over 1 KiB, when smaller), so
 * that the server sends them as they are (content-encoding br / gzip) instead of compressing per request.
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'lis-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    writeBundle(_options, bundle) {
      for (const fileName of Object.keys(bundle)) {
        if (!COMPRESSIBLE.test(fileName)) continue;
        const file = path.join(outDir, fileName);
        const content = fs.readFileSync(file);
        if (content.length < 1024) continue;
        const brotli = zlib.brotliCompressSync(content, {
          params: {
            [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
            [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.length,
          },
        });
        if (brotli.length < content.length) fs.writeFileSync(`${file}.br`, brotli);
        const gzip = zlib.gzipSync(content, { level: zlib.constants.Z_BEST_COMPRESSION });
        if (gzip.length < content.length) fs.writeFileSync(`${file}.gz`, gzip);
      }
    },
  };
}

// The console is served by the API server from any base path: assets are referenced relatively
// and the router reads its basename from <base href> (see src/app/base-path.ts).
export default defineConfig({
  base: './',
  plugins: [react(), precompress()],
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
