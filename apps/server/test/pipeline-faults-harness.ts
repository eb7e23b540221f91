/**
 * What the pipeline fault tests share (SECURITY.md, reliability): source scenes and jobs, and the four
 * checks every fault ends with — no file lost, none delivered twice, no run stuck, the source deleted
 * only after its backup. The app they drive is in pipeline-faults-app.ts.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'vitest';
import { eventually } from '../src/test-support/eventually.js';
import { sha256, type FaultApp } from './pipeline-faults-app.js';

export * from './pipeline-faults-app.js';

/** A CSV of `lines` lines of about `width` characters (few records, many bytes). */
export function bigCsv(lines: number, width: number, seed: string): string {
  const out: string[] = [];
  for (let line = 0; line < lines; line++) {
    const filler = crypto
      .createHash('sha1')
      .update(`${seed}${line}`)
      .digest('hex')
      .repeat(width / 40);
    out.push(`${seed}${line},${filler},${line}`);
  }
  return `${out.join('\n')}\n`;
}

export interface FaultScene {
  app: FaultApp;
  legacyId: string;
  /** The source folder and every file put there by the test, with its SHA-256. */
  sourceDir: string | undefined;
  sources: Map<string, string>;
  deleteSource: boolean;
  /** Local folders the return server writes into (sshd runs here). */
  returnDirs: string[];
}

/** The four checks every fault test ends with (SECURITY.md, reliability). */
export async function expectNothingLostOrDoubled(scene: FaultScene): Promise<void> {
  const { app, legacyId } = scene;
  const kysely = app.db.kysely;

  // No run stuck: every run of the job ended, no step left RUNNING.
  const runs = await kysely.selectFrom('job_runs').selectAll().where('legacy_id', '=', legacyId).execute();
  expect(runs.length).toBeGreaterThan(0);
  for (const run of runs) {
    expect(['FINISHED', 'WARNING', 'ERROR'], `run ${run.id} is ${run.state}`).toContain(run.state);
    expect(run.finished_at).not.toBeNull();
  }
  const runIds = runs.map((run) => run.id);
  const running = await kysely
    .selectFrom('run_steps')
    .select(['run_id', 'step'])
    .where('run_id', 'in', runIds)
    .where('status', '=', 'RUNNING')
    .execute();
  expect(running).toEqual([]);

  // No file lost: each source file is still in the folder, or backed up with the same SHA-256.
  const backups = await kysely
    .selectFrom('run_files')
    .selectAll()
    .where('run_id', 'in', runIds)
    .where('list_type', '=', 'source')
    .execute();
  const backedUp = new Map<string, string[]>();
  for (const file of backups) {
    const content = Buffer.concat(await (await app.blobs.read(file.blob_key)).toArray());
    expect(sha256(content), `backup of ${file.file_name}`).toBe(file.sha256);
    backedUp.set(file.file_name, [...(backedUp.get(file.file_name) ?? []), file.sha256]);
  }
  const inFolder = (name: string) =>
    scene.sourceDir !== undefined && fs.existsSync(path.join(scene.sourceDir, name))
      ? sha256(fs.readFileSync(path.join(scene.sourceDir, name)))
      : undefined;
  for (const [name, hash] of scene.sources) {
    const here = inFolder(name);
    const kept = backedUp.get(name)?.includes(hash) ?? false;
    expect(here === hash || kept, `${name} is neither in the source folder nor backed up`).toBe(true);
    // Deleted only after its backup: a file gone from the folder has its backup, and the run's
    // log tells of the download (backup) before the delete; without the flag nothing is deleted.
    if (here === undefined) {
      expect(scene.deleteSource, `${name} was deleted without sftp_source_isdeletesource`).toBe(true);
      expect(kept, `${name} deleted without a backup`).toBe(true);
      const owner = backups.find((file) => file.file_name === name && file.sha256 === hash);
      const run = runs.find((r) => r.id === owner?.run_id);
      const log = await app.systemLog(run ?? { job_instance_no: '' });
      const downloaded = log.findIndex(
        (line) => line.startsWith('downloaded ') && line.includes(`/${name} (`),
      );
      const deleted = log.findIndex(
        (line) => line.startsWith('deleted ') && line.includes(`/${name} from the source`),
      );
      expect(downloaded, `${name}: no download line`).toBeGreaterThanOrEqual(0);
      expect(deleted, `${name}: deleted before its backup`).toBeGreaterThan(downloaded);
    }
  }

  // None delivered twice: one delivery per place, holding exactly the function's result file.
  const deliveries = await kysely
    .selectFrom('file_deliveries')
    .innerJoin('run_files', 'run_files.seq', 'file_deliveries.file_seq')
    .select(['file_deliveries.destination', 'run_files.sha256', 'run_files.list_type', 'run_files.file_name'])
    .where('run_files.run_id', 'in', runIds)
    .execute();
  const places = deliveries.map((delivery) => delivery.destination);
  expect(new Set(places).size, `a place got a file twice: ${places.join(', ')}`).toBe(places.length);
  const logs = (await Promise.all(runs.map((run) => app.systemLog(run)))).flat();
  for (const delivery of deliveries) {
    expect(delivery.list_type).toMatch(/^return_/);
    const remote = /^sftp:[^:]+:(.*)$/.exec(delivery.destination)?.[1];
    if (remote === undefined) continue;
    expect(sha256(fs.readFileSync(remote)), `content delivered to ${remote}`).toBe(delivery.sha256);
    const uploads = logs.filter((line) => line.startsWith(`delivered ${remote} (`));
    expect(uploads, `uploads to ${remote} told by the system log`).toHaveLength(1);
  }
  // Nothing else in the return folders: no file never delivered, no temporary file left behind.
  const expected = new Set(deliveries.map((d) => /^sftp:[^:]+:(.*)$/.exec(d.destination)?.[1]));
  for (const dir of scene.returnDirs) {
    for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
      if (!entry.isFile()) continue;
      const full = path.join(entry.parentPath, entry.name);
      expect(entry.name, `${full} is a temporary file left behind`).not.toMatch(/\.lis-part-[0-9a-f]{12}$/);
      expect(expected.has(full), `${full} is in a return folder but was never delivered`).toBe(true);
    }
  }
}

/** Names the deliveries of a run made (for "delivered once" checks). */
export async function deliveriesOf(app: FaultApp, runId: string): Promise<string[]> {
  const rows = await app.db.kysely
    .selectFrom('file_deliveries')
    .innerJoin('run_files', 'run_files.seq', 'file_deliveries.file_seq')
    .select('file_deliveries.destination')
    .where('run_files.run_id', '=', runId)
    .execute();
  return rows.map((row) => row.destination).sort();
}

/** `{root}/{name}-in` holding `files` and an empty `{root}/{name}-out`; the files' SHA-256 by name. */
export function sourceScene(root: string, name: string, files: Record<string, string>) {
  const inbox = path.join(root, `${name}-in`);
  const outbox = path.join(root, `${name}-out`);
  fs.mkdirSync(inbox);
  fs.mkdirSync(outbox);
  for (const [file, content] of Object.entries(files)) fs.writeFileSync(path.join(inbox, file), content);
  const sources = new Map(Object.entries(files).map(([file, content]) => [file, sha256(content)]));
  return { inbox, outbox, sources };
}

/** The fields of an IN_WAIT job from `inbox` to `outbox` on one sFTP server, calling Demo/`fn`. */
export function inWaitJob(job: {
  inbox: string;
  outbox: string;
  deleteSource: boolean;
  sftp: string;
  fn: string;
}) {
  return {
    legacytype: 'IN_WAIT',
    sftp_source_server_id: job.sftp,
    sftp_source_path: job.inbox,
    sftp_source_isdeletesource: job.deleteSource ? 'Y' : 'N',
    sftp_return_server_id: job.sftp,
    sftp_return_path: job.outbox,
    api_serverid: 'fapp-a',
    api_classname: 'Demo',
    api_function_name: job.fn,
  };
}

/** Waits until a file in `dir` (any depth) matching `name` holds more than `bytes`, and answers its size. */
export function partialFileIn(dir: string, name: RegExp, bytes: number): Promise<number> {
  return eventually(
    () => {
      let entries: fs.Dirent[];
      try {
        entries = fs.readdirSync(dir, { recursive: true, withFileTypes: true });
      } catch {
        return undefined; // not there yet, or a folder vanished during the walk
      }
      for (const entry of entries) {
        if (!entry.isFile() || !name.test(entry.name)) continue;
        const size = fs.statSync(path.join(entry.parentPath, entry.name), { throwIfNoEntry: false })?.size;
        if (size !== undefined && size > bytes) return size;
      }
      return undefined;
    },
    { timeout: 30_000, interval: 5, message: `a partial file in ${dir}` },
  );
}
