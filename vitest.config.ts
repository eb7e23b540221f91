import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

const sourceConditions = ['source', 'module', 'node', 'development|production'];

export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the CPUs: on a 2-core machine, one file at a time. Most
    // files wait (on a browser, a server process, sshd, PostgreSQL): with two at once the CI run still
    // kept the 2 cores busy only ~56 % of its time (user + sys 27.4 of 2 × 24.3 min), so three.
    maxWorkers: 3,
    projects: [
      {
        resolve: { conditions: sourceConditions },
        ssr: { resolve: { conditions: sourceConditions } },
        test: {
          name: 'contracts',
          root: './packages/contracts',
          include: ['src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        resolve: { conditions: sourceConditions },
        ssr: { resolve: { conditions: sourceConditions } },
        test: {
          name: 'converter',
          root: './packages/converter',
          include: ['src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        resolve: { conditions: sourceConditions },
        ssr: { resolve: { conditions: sourceConditions } },
        test: {
          name: 'server',
          root: './apps/server',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        resolve: { conditions: sourceConditions },
        ssr: { resolve: { conditions: sourceConditions } },
        test: {
          name: 'tools',
          root: './tools',
          include: ['**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
        },
      },
      {
        plugins: [react()],
        resolve: { conditions: ['source', 'module', 'browser', 'development|production'] },
        test: {
          name: 'web',
          root: './apps/web',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['./src/test-setup.ts'],
          // The files of a worker share one module graph and one jsdom document: loading Ant Design and
          // a new document for each of ~100 files was half the project's time (issue 20). What a file
          // can leave behind is reset before and after each file by test-setup.ts.
          isolate: false,
          // A screen rendered in jsdom on a loaded 2-core machine can take several seconds; Vitest's
          // default 5 s made such tests fail by the clock, not by what they check.
          testTimeout: 30_000,
        },
      },
      {
        resolve: { conditions: sourceConditions },
        ssr: { resolve: { conditions: sourceConditions } },
        test: {
          name: 'e2e',
          root: './e2e',
          include: ['**/*.e2e.ts'],
          environment: 'node',
          // Deadlines, not waits: a test goes on as soon as its condition holds. Sized for a slow day
          // (2026-11-27: the same tree benched ~2× slower than the day before): a whole scenario of
          // the long files takes 40–55 s on an idle machine, and a poll's default 1 s is too short
          // for a console under three browser files at once.
          testTimeout: 120_000,
          hookTimeout: 180_000,
          expect: { poll: { timeout: 10_000 } },
          // Two browser files at once like the other projects: each starts its own server (a free
          // loopback port, its own data folder), its own sshd and Chromium, and names its own
          // screenshots, so nothing is shared between files.
        },
      },
    ],
  },
});
