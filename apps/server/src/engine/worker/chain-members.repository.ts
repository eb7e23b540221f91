import type { ChainMember } from '@lis/contracts';
import crypto from 'node:crypto';
import type { Db } from '../../db/database.js';
import { databaseNow } from '../../db/database-clock.js';
import type { RunState } from '../../db/schema.js';
import { readStoredRunText, type RunText } from '../../i18n/run-message.js';
import { passCancelOn } from '../runs/run-cancel.repository.js';
import { insertMemberRun } from '../runs/run-creation.repository.js';
import { jobInstanceNo } from '../scheduler/job-instance-no.js';
import { inWriteTransaction } from '../../db/write-transaction.js';
import type { ClaimedRun } from '../runs/run.js';

/** `chain_jobs.legacy_list`: the one reading of it is the contracts' (the console reads it the same way). */
export { parseChainMembers, type ChainMember } from '@lis/contracts';

export interface MemberRun {
  id: string;
  legacy_id: string;
  state: RunState;
  message: RunText | null;
}

// The chain's member runs (`kind='chain_member'`, `parent_run_id`) and the chain's own row.

/** The chain's member list (`chain_jobs.legacy_list`), or undefined when the chain is gone. */
export async function chainLegacyList(db: Db, chain: ClaimedRun): Promise<string | undefined> {
  const row = await db.kysely
    .selectFrom('chain_jobs')
    .select('legacy_list')
    .where('company_code', '=', chain.company_code)
    .where('chain_id', '=', chain.legacy_id)
    .executeTakeFirst();
  return row?.legacy_list;
}

/**
 * The run of member `position`: the existing one when a previous holder of the chain already
 * queued it (takeover continues the chain where it was), else a new QUEUED run. Undefined when
 * this node no longer holds the chain. Concurrency: in one write transaction, the chain's fence is
 * checked first (PostgreSQL locks the chain row `FOR UPDATE`, SQLite holds the write lock), so
 * only the current holder counts the members and inserts the next one — never twice.
 */
export async function chainMemberRun(
  db: Db,
  timeZone: string,
  chain: ClaimedRun,
  position: number,
  member: ChainMember,
): Promise<MemberRun | undefined> {
  return inWriteTransaction(db, async (scope) => {
    const held = await scope
      .selectFrom('job_runs')
      .select('id')
      .where('id', '=', chain.id)
      .where('lease_owner', '=', chain.lease_owner)
      .where('attempt', '=', chain.attempt)
      .where('state', '=', 'RUNNING')
      .$if(db.dialect === 'postgres', (query) => query.forUpdate())
      .executeTakeFirst();
    if (!held) return undefined;
    const members = await scope
      .selectFrom('job_runs')
      .select(['id', 'legacy_id', 'state', 'message', 'queued_at'])
      .where('parent_run_id', '=', chain.id)
      .orderBy('queued_at')
      .orderBy('job_instance_no')
      .execute();
    const existing = members[position];
    if (existing) return existing;
    const now = await databaseNow(scope, db.dialect);
    const last = members.at(-1);
    // Strictly after the previous member, so the order by queued_at is the chain's order.
    const queuedAt = last ? Math.max(now, last.queued_at + 1) : now;
    const run = {
      id: crypto.randomUUID(),
      job_instance_no: jobInstanceNo(member.legacyId, queuedAt, timeZone),
      owner_kind: 'job' as const,
      company_code: chain.company_code,
      legacy_id: member.legacyId,
      kind: 'chain_member' as const,
      parent_run_id: chain.id,
      state: 'QUEUED' as const,
      queued_at: queuedAt,
      attempt: 0,
      requested_by: chain.requested_by,
    };
    await insertMemberRun(scope, run);
    return { id: run.id, legacy_id: run.legacy_id, state: run.state, message: null };
  });
}

/** A member run's state and message, or undefined when it is gone. */
export async function memberRunState(db: Db, runId: string): Promise<MemberRun | undefined> {
  const row = await db.kysely
    .selectFrom('job_runs')
    .select(['id', 'legacy_id', 'state', 'message', 'message_key', 'message_params'])
    .where('id', '=', runId)
    .executeTakeFirst();
  if (!row) return undefined;
  const message = row.message === null ? null : readStoredRunText(row);
  return { id: row.id, legacy_id: row.legacy_id, state: row.state, message };
}

/** Passes a cancel of the chain on to its member (a request, like the API's; the holder ends it). */
export function cancelMemberRun(db: Db, runId: string, by: string): Promise<void> {
  return passCancelOn(db.kysely, runId, by);
}
