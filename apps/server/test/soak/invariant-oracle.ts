import fs from 'node:fs';
import path from 'node:path';
import { sha256, type FaultApp } from '../pipeline-faults-app.js';
import type { SoakFunction } from './soak-function.js';

/** What a trial put at the source, to check against what LIS did with it. */
export interface TrialManifest {
  legacyId: string;
  inbox: string;
  outbox: string;
  /** Files LIS must deliver exactly once: name → SHA-256 of their complete content. */
  good: Map<string, string>;
  /** Files whose names LIS must refuse: name → SHA-256; they must stay at the source untouched. */
  hostile: Map<string, string>;
  /** Done-markers written beside good files (removed with them). */
  markers: string[];
  /** Message-IDs an SMTP relay received for the job's runs (when the trial sent mail). */
  mailIds?: string[];
}

/**
 * The invariant (docs/reliability.md), checked after every trial once its documented recovery ran:
 * every good source file is gone from the source and delivered exactly once with its own bytes; every
 * refused file is still at the source untouched; no run stuck or holding a file it has not settled;
 * nothing else in the return folders (no temporary file); the function executed at most once per run
 * (its idempotency key makes a repeat after a timeout or a takeover a replay); at most one mail per (run, condition). Answers the violations, none when it holds.
 */
export async function checkInvariant(
  app: FaultApp,
  soakFunction: SoakFunction,
  manifest: TrialManifest,
): Promise<string[]> {
  const violations: string[] = [];
  const fail = (text: string) => violations.push(text);
  const kysely = app.db.kysely;
  const runs = await kysely
    .selectFrom('job_runs')
    .selectAll()
    .where('legacy_id', '=', manifest.legacyId)
    .execute();
  const runIds = runs.map((run) => run.id);
  if (runIds.length === 0) return ['no run of the job exists'];
  for (const run of runs)
    if (!['FINISHED', 'WARNING', 'ERROR'].includes(run.state))
      fail(`run ${run.job_instance_no} is stuck ${run.state}`);
  const running = await kysely
    .selectFrom('run_steps')
    .select(['run_id', 'step'])
    .where('run_id', 'in', runIds)
    .where('status', '=', 'RUNNING')
    .execute();
  for (const step of running) fail(`step ${step.step} of run ${step.run_id} is left RUNNING`);

  const ledger = await kysely.selectFrom('run_files').selectAll().where('run_id', 'in', runIds).execute();
  for (const file of ledger.filter((row) => row.source_state === 'pending'))
    fail(`${file.file_name} is still pending in run ${file.job_instance_no} after the recovery`);
  for (const file of ledger.filter((row) => row.list_type === 'source'))
    if (manifest.hostile.has(file.file_name))
      fail(`the refused name ${JSON.stringify(file.file_name)} is in the ledger`);

  const deliveries = await kysely
    .selectFrom('file_deliveries')
    .innerJoin('run_files', 'run_files.seq', 'file_deliveries.file_seq')
    .select(['file_deliveries.destination', 'run_files.sha256', 'run_files.job_instance_no'])
    .where('run_files.run_id', 'in', runIds)
    .execute();
  const logs = await kysely
    .selectFrom('system_log')
    .select('message')
    .where(
      'job_instance_no',
      'in',
      runs.map((run) => run.job_instance_no),
    )
    .execute();
  const uploads = logs.map((row) => row.message).filter((message) => message.startsWith('delivered '));

  const inSource = new Set(fs.readdirSync(manifest.inbox));
  const successDir = path.join(manifest.outbox, 'return_success');
  for (const [name, hash] of manifest.good) {
    const remote = path.posix.join(successDir, name);
    const places = deliveries.filter((d) => d.destination.endsWith(`:${remote}`));
    if (places.length !== 1) fail(`${name} has ${places.length} deliveries in the ledger (want 1)`);
    const told = uploads.filter((line) => line.startsWith(`delivered ${remote} (`)).length;
    if (told > 1) fail(`${name} was uploaded ${told} times`);
    const delivered = path.join(successDir, name);
    if (!fs.existsSync(delivered)) fail(`${name} is not in the return folder`);
    else if (sha256(fs.readFileSync(delivered)) !== hash) fail(`${name} was delivered with other bytes`);
    if (inSource.has(name)) fail(`${name} is still at the source after it was delivered`);
  }
  for (const marker of manifest.markers)
    if (inSource.has(marker)) fail(`the done-marker ${marker} was left at the source`);
  for (const [name, hash] of manifest.hostile) {
    const file = path.join(manifest.inbox, name);
    if (!fs.existsSync(file)) fail(`the refused file ${JSON.stringify(name)} is gone from the source`);
    else if (sha256(fs.readFileSync(file)) !== hash)
      fail(`the refused file ${JSON.stringify(name)} was changed`);
  }
  if (fs.existsSync(manifest.outbox)) {
    for (const entry of fs.readdirSync(manifest.outbox, { recursive: true, withFileTypes: true })) {
      if (!entry.isFile()) continue;
      const full = path.join(entry.parentPath, entry.name);
      if (/\.lis-part-[0-9a-f]{12}$/.test(entry.name)) fail(`a temporary file is left: ${full}`);
      else if (path.dirname(full) !== successDir || !manifest.good.has(entry.name))
        fail(`an unexpected file was delivered: ${full}`);
    }
  }
  for (const [key, count] of soakFunction.executionsOf(manifest.legacyId))
    if (count > 1) fail(`the function ran ${count} times for run ${key.split('\u0000')[1]}`);

  const mails = await kysely
    .selectFrom('mail_outbox')
    .select(['run_id', 'condition'])
    .where('run_id', 'in', runIds)
    .execute();
  const perCondition = new Map<string, number>();
  for (const mail of mails)
    perCondition.set(
      `${mail.run_id}/${mail.condition}`,
      (perCondition.get(`${mail.run_id}/${mail.condition}`) ?? 0) + 1,
    );
  for (const [key, count] of perCondition)
    if (count > 1) fail(`${count} mails for one run and condition (${key})`);
  const received = new Map<string, number>();
  for (const id of manifest.mailIds ?? []) received.set(id, (received.get(id) ?? 0) + 1);
  for (const [id, count] of received) if (count > 1) fail(`the relay received ${count} copies of mail ${id}`);
  if (manifest.mailIds !== undefined && mails.length === 0) fail('no mail was queued for the runs');
  return violations;
}
