import { runMessage } from '../../i18n/run-message.js';
import type { SchedulerSignal } from '../scheduler/scheduler-signal.js';
import type { Db } from '../../db/database.js';
import {
  cancelMemberRun,
  chainLegacyList,
  chainMemberRun,
  memberRunState,
  parseChainMembers,
  type MemberRun,
} from './chain-members.repository.js';
import { worstStatus, type ClaimedRun, type RunOutcome, type RunOutcomeStatus } from '../runs/run.js';
import type { JobHandler, JobHandlerContext } from './job-handler.js';
import { RunStoppedError, stopReasonOf } from './run-stop-reason.js';

const ENDED: ReadonlySet<string> = new Set(['FINISHED', 'WARNING', 'ERROR', 'SKIPPED', 'STOPPED']);

/**
 * Runs a chain (owner_kind 'chain'): queues its member jobs one at a time, in list order, as
 * 'chain_member' runs that any worker claims like other runs, and waits for each to end. FINISHED
 * or WARNING → the next member; ERROR → the chain stops with ERROR naming the member; a member an
 * operator stopped (STOPPED, issue 31) → the chain stops STOPPED, naming it. The chain's
 * status is the worst of its members'. Taken over after a node loss, it continues with the member
 * that was running (members already ended are not run again).
 */
export class ChainRunner implements JobHandler {
  constructor(
    private readonly db: Db,
    /** The zone of the members' job instance numbers (LIS_TIMEZONE). */
    private readonly timeZone: string,
    private readonly signal: SchedulerSignal,
    private readonly pollMs: number,
  ) {}

  async run(chain: ClaimedRun, context: JobHandlerContext): Promise<RunOutcome> {
    const list = await chainLegacyList(this.db, chain);
    if (list === undefined)
      return { status: 'ERROR', message: runMessage('chainNotFound', { chain: chain.legacy_id }) };
    const members = parseChainMembers(list);
    const statuses: RunOutcomeStatus[] = [];
    for (const [position, member] of members.entries()) {
      context.signal.throwIfAborted();
      const queued = await chainMemberRun(this.db, this.timeZone, chain, position, member);
      if (!queued) throw new RunStoppedError({ kind: 'lease-lost' });
      if (queued.state === 'QUEUED') await this.signal.notify('runs', [chain.company_code]);
      const ended = await this.waitForEnd(queued, context.signal, chain.company_code);
      const status: RunOutcomeStatus =
        ended.state === 'WARNING' || ended.state === 'ERROR' || ended.state === 'STOPPED'
          ? ended.state
          : 'FINISHED';
      statuses.push(status);
      await context.report(
        runMessage('chainMemberEnded', {
          position: position + 1,
          count: members.length,
          legacyId: member.legacyId,
          state: ended.state,
        }),
      );
      if (status === 'ERROR') {
        const message = ended.message
          ? runMessage('chainStoppedWith', { legacyId: member.legacyId, detail: ended.message })
          : runMessage('chainStopped', { legacyId: member.legacyId });
        return { status: 'ERROR', message };
      }
      if (status === 'STOPPED') {
        const message = ended.message
          ? runMessage('chainMemberStoppedWith', { legacyId: member.legacyId, detail: ended.message })
          : runMessage('chainMemberStopped', { legacyId: member.legacyId });
        return { status: 'STOPPED', message };
      }
    }
    const status = worstStatus(statuses);
    return { status, message: runMessage('chainEnded', { status, count: members.length }) };
  }

  /** Polls the member's state, woken early by the scheduler signal; a cancel is passed on. */
  private async waitForEnd(member: MemberRun, signal: AbortSignal, companyCode: string): Promise<MemberRun> {
    let current = member;
    while (!ENDED.has(current.state)) {
      await this.sleep(signal);
      if (signal.aborted) {
        const reason = stopReasonOf(signal);
        if (reason?.kind === 'cancelled') await cancelMemberRun(this.db, member.id, reason.by);
        if (reason?.kind === 'cancelled') await this.signal.notify('runs', [companyCode]);
        signal.throwIfAborted();
      }
      current = (await memberRunState(this.db, member.id)) ?? {
        ...current,
        state: 'ERROR',
        message: runMessage('chainMemberVanished'),
      };
    }
    return current;
  }

  private sleep(signal: AbortSignal): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        unsubscribe();
        signal.removeEventListener('abort', done);
        resolve();
      };
      const timer = setTimeout(done, this.pollMs);
      const unsubscribe = this.signal.subscribe(done, ['runs']);
      signal.addEventListener('abort', done);
    });
  }
}
