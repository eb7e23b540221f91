import type { DialectName } from '../../db/database.js';
import { sql, type Expression, type SqlBool } from 'kysely';
import type { OverlapPolicy, TriggerOwnerKind } from '../../db/schema.js';
import { parsePredecessors } from '../runs/predecessors.js';
import { ACTIVE_RUN_STATES, type OwnerActivity } from '../runs/run-overlap.js';
import type { WriteScope } from '../../db/write-transaction.js';

/** What the firing needs to know about a job or chain. */
export interface FireOwner {
  sid: string;
  /** Active and not suspended. */
  enabled: boolean;
  overlapPolicy: OverlapPolicy;
  activity: OwnerActivity;
  /** A job with predecessors (`legacy_criteria`): its runs wait in the claim, never start at once. */
  hasPredecessors: boolean;
}

export interface OwnerKey {
  kind: TriggerOwnerKind;
  companyCode: string;
  ownerId: string;
}

export function ownerKey(key: OwnerKey): string {
  return `${key.kind}|${key.companyCode}|${key.ownerId}`;
}

function uniqueSorted(keys: readonly OwnerKey[], kind: TriggerOwnerKind): [string, string][] {
  const pairs = new Map<string, [string, string]>();
  for (const key of keys) if (key.kind === kind) pairs.set(ownerKey(key), [key.companyCode, key.ownerId]);
  return [...pairs.values()].sort(([a1, a2], [b1, b2]) => a1.localeCompare(b1) || a2.localeCompare(b2));
}

/**
 * `(company_code, <id column>)` is one of `pairs`. PostgreSQL: against two arrays (`IN (SELECT *
 * FROM unnest($1::text[], $2::text[]))`) — 100 row values in an IN list cost ~8 ms of planning
 * per statement on the benchmark's machine (issue 19); SQLite: the row-value list.
 */
function keyIn(
  dialect: DialectName,
  idColumn: 'legacy_id' | 'chain_id',
  pairs: readonly [string, string][],
): Expression<SqlBool> {
  if (dialect === 'postgres')
    return sql<SqlBool>`(company_code, ${sql.ref(idColumn)}) in (select * from unnest(${pairs.map(([company]) => company)}::text[], ${pairs.map(([, id]) => id)}::text[]))`;
  return sql<SqlBool>`(company_code, ${sql.ref(idColumn)}) in (${sql.join(pairs.map(([company, id]) => sql`(${company}, ${id})`))})`;
}

/** Overlap policies whose decision reads the job's unfinished runs (`allow_all` never does). */
function needsActivity(policy: OverlapPolicy): boolean {
  return policy !== 'allow_all';
}

/**
 * Loads the owners of a batch of triggers with their unfinished runs. On PostgreSQL the rows of the
 * owners whose overlap decision reads their runs — jobs not `allow_all`, and chains — are locked
 * (`FOR UPDATE`, in key order so two nodes never deadlock): two nodes firing two triggers of one
 * job are serialised here, so the overlap check sees the other's queued run. An `allow_all` job
 * queues every fire whatever else is queued, so its row is read, not locked (issue 19: the lock
 * was the pass's largest statement). The runs are read only for the owners that need them.
 * A missing owner (deleted between sync and fire) is absent from the map: its triggers fire nothing.
 */
export async function loadFireOwners(
  scope: WriteScope,
  dialect: DialectName,
  keys: readonly OwnerKey[],
): Promise<Map<string, FireOwner>> {
  const owners = new Map<string, FireOwner>();
  const jobs = uniqueSorted(keys, 'job');
  const chains = uniqueSorted(keys, 'chain');
  const lock = dialect === 'postgres';

  if (jobs.length > 0) {
    const inBatch = keyIn(dialect, 'legacy_id', jobs);
    const columns = [
      'company_code',
      'legacy_id',
      'sid',
      'is_active',
      'has_suspend',
      'overlap_policy',
      'legacy_criteria',
    ] as const;
    // One statement either way. PostgreSQL: the rows to lock are locked by the CTE (in key order),
    // which the scalar count consumes whole; the outer select reads every owner of the batch. Its
    // snapshot may predate a lock wait — the runs (below) are read by a later statement, so the
    // overlap decision sees what the other node committed.
    const rows = lock
      ? await scope
          .with('locked', (db) =>
            db
              .selectFrom('job_configs')
              .select(['company_code', 'legacy_id'])
              .where(inBatch)
              .where('overlap_policy', '<>', 'allow_all')
              .orderBy('company_code')
              .orderBy('legacy_id')
              .forUpdate(),
          )
          .selectFrom('job_configs')
          .select(columns)
          .select((eb) => eb.selectFrom('locked').select(eb.fn.countAll().as('n')).as('locked'))
          .where(inBatch)
          .execute()
      : await scope.selectFrom('job_configs').select(columns).where(inBatch).execute();
    for (const job of rows)
      owners.set(ownerKey({ kind: 'job', companyCode: job.company_code, ownerId: job.legacy_id }), {
        sid: job.sid,
        enabled: job.is_active === 'Y' && job.has_suspend === 'N',
        overlapPolicy: job.overlap_policy,
        activity: { queued: 0, active: 0 },
        hasPredecessors: parsePredecessors(job.legacy_criteria).length > 0,
      });
  }
  if (chains.length > 0) {
    let query = scope
      .selectFrom('chain_jobs')
      .select(['company_code', 'chain_id', 'sid', 'is_active'])
      .where(() => keyIn(dialect, 'chain_id', chains))
      .orderBy('company_code')
      .orderBy('chain_id');
    if (lock) query = query.forUpdate();
    for (const chain of await query.execute())
      owners.set(ownerKey({ kind: 'chain', companyCode: chain.company_code, ownerId: chain.chain_id }), {
        sid: chain.sid,
        enabled: chain.is_active === 'Y',
        // A chain never overlaps itself: its members would interleave.
        overlapPolicy: 'skip',
        activity: { queued: 0, active: 0 },
        hasPredecessors: false,
      });
  }
  // Only the owners whose overlap decision reads their runs (an allow_all job's activity is unused).
  const ownerPairs = [
    ...jobs.filter(([companyCode, ownerId]) => {
      const owner = owners.get(ownerKey({ kind: 'job', companyCode, ownerId }));
      return owner !== undefined && needsActivity(owner.overlapPolicy);
    }),
    ...chains.filter(([companyCode, ownerId]) =>
      owners.has(ownerKey({ kind: 'chain', companyCode, ownerId })),
    ),
  ];
  if (ownerPairs.length === 0) return owners;
  const runs = await scope
    .selectFrom('job_runs')
    .select(['owner_kind', 'company_code', 'legacy_id', 'state'])
    .where('state', 'in', ACTIVE_RUN_STATES)
    .where(() => keyIn(dialect, 'legacy_id', ownerPairs))
    .execute();
  for (const run of runs) {
    const owner = owners.get(
      ownerKey({ kind: run.owner_kind, companyCode: run.company_code, ownerId: run.legacy_id }),
    );
    if (!owner) continue;
    owner.activity.active += 1;
    if (run.state === 'QUEUED') owner.activity.queued += 1;
  }
  return owners;
}
