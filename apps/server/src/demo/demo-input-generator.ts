import fs from 'node:fs/promises';
import path from 'node:path';
import { demoInputFile } from './demo-input-files.js';
import { DEMO_INPUT_FOLDERS, DEMO_RETURN_ROOT, type DemoInputKind, type DemoPaths } from './demo-layout.js';

/** A folder that already holds this many waiting files gets no more (a suspended job does not fill the disk). */
export const MAX_WAITING_FILES = 5;
/** Each return folder keeps this many newest files; older ones are removed. */
export const MAX_RETURN_FILES = 50;

export interface DemoInputGeneratorOptions {
  readonly paths: Pick<DemoPaths, 'sftpRoot' | 'staging'>;
  /** Default one minute. */
  readonly intervalMs?: number;
  readonly now?: () => Date;
  /**
   * Read each tick: files in the return folders older than this many ms are removed (the demo's
   * retention window, decision 0022); undefined keeps the newest MAX_RETURN_FILES only.
   */
  readonly returnMaxAgeMs?: () => Promise<number | undefined>;
  /** Asked before each tick: false skips it (the demo was removed meanwhile). */
  readonly beforeTick?: () => Promise<boolean>;
  readonly onError?: (error: unknown) => void;
}

export interface DemoInputGenerator {
  /** Drops one file into every input folder that is not full, and trims the return folders. */
  tick(): Promise<string[]>;
  stop(): Promise<void>;
}

const realFolder = (root: string, virtual: string) => path.join(root, ...virtual.split('/').filter(Boolean));

async function filesIn(folder: string): Promise<{ name: string; mtimeMs: number }[]> {
  const entries = await fs.readdir(folder, { withFileTypes: true }).catch(() => []);
  const files = [];
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    const stats = await fs.stat(path.join(folder, entry.name)).catch(() => undefined);
    if (stats) files.push({ name: entry.name, mtimeMs: stats.mtimeMs });
  }
  return files;
}

/**
 * Removes all but the newest MAX_RETURN_FILES files of each folder under `folder`, and every file last
 * changed before `before` (epoch ms) when given.
 */
async function trimReturns(folder: string, before: number | undefined): Promise<void> {
  const entries = await fs.readdir(folder, { withFileTypes: true }).catch(() => []);
  for (const entry of entries)
    if (entry.isDirectory()) await trimReturns(path.join(folder, entry.name), before);
  const files = (await filesIn(folder)).sort((a, b) => b.mtimeMs - a.mtimeMs);
  for (const [index, file] of files.entries())
    if (index >= MAX_RETURN_FILES || (before !== undefined && file.mtimeMs < before))
      await fs.rm(path.join(folder, file.name), { force: true });
}

/**
 * Every minute (and once at start) writes a realistic input file into each demo input folder: written
 * in a staging folder outside the served one, then renamed into place, so a job never sees half a file.
 * Bounded: a folder with MAX_WAITING_FILES waiting files is skipped, and return folders are trimmed (by
 * count, and by age with `returnMaxAgeMs`).
 */
export function startDemoInputGenerator(options: DemoInputGeneratorOptions): DemoInputGenerator {
  const { sftpRoot, staging } = options.paths;
  const now = options.now ?? (() => new Date());
  let sequence = 0;
  let running: Promise<unknown> = Promise.resolve();

  const drop = async (kind: DemoInputKind): Promise<string | undefined> => {
    const folder = realFolder(sftpRoot, DEMO_INPUT_FOLDERS[kind]);
    await fs.mkdir(folder, { recursive: true });
    if ((await filesIn(folder)).length >= MAX_WAITING_FILES) return undefined;
    const file = demoInputFile(kind, ++sequence, now());
    const staged = path.join(staging, file.fileName);
    await fs.writeFile(staged, file.bytes, { mode: 0o644 });
    await fs.rename(staged, path.join(folder, file.fileName));
    return `${DEMO_INPUT_FOLDERS[kind]}/${file.fileName}`;
  };

  const tick = async (): Promise<string[]> => {
    if (options.beforeTick && !(await options.beforeTick())) return [];
    await fs.mkdir(staging, { recursive: true });
    const written: string[] = [];
    for (const kind of Object.keys(DEMO_INPUT_FOLDERS) as DemoInputKind[]) {
      const name = await drop(kind);
      if (name) written.push(name);
    }
    const maxAgeMs = await options.returnMaxAgeMs?.();
    const before = maxAgeMs === undefined ? undefined : now().getTime() - maxAgeMs;
    await trimReturns(realFolder(sftpRoot, DEMO_RETURN_ROOT), before);
    return written;
  };

  const guardedTick = () => {
    const next = running.then(tick);
    running = next.catch((error: unknown) => options.onError?.(error));
    return next;
  };
  void guardedTick().catch(() => undefined);
  const timer = setInterval(() => void guardedTick().catch(() => undefined), options.intervalMs ?? 60_000);
  timer.unref();
  return {
    tick: guardedTick,
    stop: async () => {
      clearInterval(timer);
      await running;
    },
  };
}
