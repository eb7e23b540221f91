import type { DialectName } from '../../db/database.js';
import type { OverlapPolicy, TriggerOwnerKind } from '../../db/schema.js';
import { parsePredecessors } from '../worker/predecessors.js';
import { ACTIVE_RUN_STATES, type OwnerActivity } from './overlap.js';
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
 * Loads the owners of a batch of triggers with their unfinished runs. On PostgreSQL the owner rows
 * are locked (`FOR UPDATE`, in key order so two nodes never deadlock): two nodes firing two
 * triggers of one job are serialised here, so the overlap check sees the other's queued run.
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
    let query = scope
      .selectFrom('job_configs')
      .select([
        'company_code',
        'legacy_id',
        'sid',
        'is_active',
        'has_suspend',
        'overlap_policy',
        'legacy_criteria',
      ])
      .where((eb) =>
        eb(
          eb.refTuple('company_code', 'legacy_id'),
          'in',
          jobs.map(([company, id]) => eb.tuple(company, id)),
        ),
      )
      .orderBy('company_code')
      .orderBy('legacy_id');
    if (lock) query = query.forUpdate();
    for (const job of await query.execute())
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
      .where((eb) =>
        eb(
          eb.refTuple('company_code', 'chain_id'),
          'in',
          chains.map(([company, id]) => eb.tuple(company, id)),
        ),
      )
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
  if (owners.size === 0) return owners;

  const ownerPairs = [...jobs, ...chains];
  const runs = await scope
    .selectFrom('job_runs')
    .select(['owner_kind', 'company_code', 'legacy_id', 'state'])
    .where('state', 'in', ACTIVE_RUN_STATES)
    .where((eb) =>
      eb(
        eb.refTuple('company_code', 'legacy_id'),
        'in',
        ownerPairs.map(([company, id]) => eb.tuple(company, id)),
      ),
    )
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
