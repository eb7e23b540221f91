import path from 'node:path';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import react from '@vitejs/plugin-react';

const sourceConditions = ['source', 'module', 'node', 'development|production'];

/**
 * The files that took longest in a CI run (seconds, 2026-11-28, three files at once on 2 cores; only
 * their order matters). Without Vitest's cache of durations — a fresh clone, as in CI — files start
 * largest first, and the longest browser file (a small one) started at 711 s and ended the browser
 * files at 1,374 s, alone at the end. Started first, the long files overlap the many short ones.
 */
const LONGEST_FILES: Record<string, number> = {
  // thai-walk.e2e.ts took 571 s in one file; split in three (2026-11-29: 124, 87 and 82 s side by side
  // on a busy machine, 126 s in all), here scaled as the others were measured.
  'e2e/thai-walk.e2e.ts': 300,
  'e2e/thai-walk-super-admin-1.e2e.ts': 215,
  'e2e/thai-walk-super-admin-2.e2e.ts': 205,
  'e2e/legacy-task-manual-monitor.e2e.ts': 231,
  'e2e/logs-and-reports.e2e.ts': 213,
  'e2e/task-and-logs-fit.e2e.ts': 187,
  'e2e/legacy-report.e2e.ts': 170,
  'e2e/job-config.e2e.ts': 135,
  'e2e/screen-gallery.e2e.ts': 130,
  'e2e/demo.e2e.ts': 119,
  'e2e/file-modal-and-detail.e2e.ts': 101,
  'apps/server/test/soak/fault-soak.test.ts': 99,
  'apps/server/test/scheduler-calendar-faults.test.ts': 95,
  'e2e/menus.e2e.ts': 99,
  'e2e/dms-viewer-and-history.e2e.ts': 95,
  'e2e/time-zone.e2e.ts': 94,
  'e2e/sign-in.e2e.ts': 86,
  'e2e/day-timeline.e2e.ts': 84,
  'e2e/ingress.e2e.ts': 79,
  'e2e/chain-pull-jobs.e2e.ts': 77,
  'e2e/quartz-monitor.e2e.ts': 76,
  'apps/server/test/pipeline-faults-node.test.ts': 76,
  'apps/server/test/backup-restore.test.ts': 71,
  'e2e/create-structure.e2e.ts': 70,
  'e2e/employee-config.e2e.ts': 57,
  'e2e/first-sign-in.e2e.ts': 56,
  'e2e/api-config.e2e.ts': 56,
  'e2e/sftp-config.e2e.ts': 52,
};

/** Vitest's order (by the durations it remembers, else by size), with the known longest files first. */
class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const root = import.meta.dirname;
    const known = (file: TestSpecification) =>
      LONGEST_FILES[path.relative(root, file.moduleId).split(path.sep).join('/')] ?? 0;
    // Array.prototype.sort is stable: the files not listed keep Vitest's order.
    return (await super.sort(files)).sort((a, b) => known(b) - known(a));
  }
}

export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the CPUs: on a 2-core machine, one file at a time. Most
    // files wait (on a browser, a server process, sshd, PostgreSQL): with two at once the CI run still
    // kept the 2 cores busy only ~56 % of its time (user + sys 27.4 of 2 × 24.3 min), so three.
    maxWorkers: 3,
    sequence: { sequencer: LongestFirstSequencer },
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
