import type { AlertCondition } from '@lis/contracts';
import type { WriteScope } from '../../db/write-transaction.js';

/*
 * Where the engine raises alerts (issue 35, docs/alerts.md). The engine (the expectation evaluator,
 * the worker's run endings, the scheduler's misfires, the connection checks) only knows this
 * interface; modules/alerts implements it — it stores the alert, routes it by the company's rules to
 * channels and delivers it (at least once, with a stable event id) — and the composition root hands
 * it to whoever raises.
 */

export interface RaisedAlert {
  companyCode: string;
  condition: AlertCondition;
  /**
   * What the alert is about, unique per condition within the company: one alert per
   * (company, condition, subject) however often it is raised — e.g. `PAYROLL-IN|2026-12-07` for an
   * expectation's LATE, MISSING or RECOVERED, the job instance number for RUN_ERROR / RUN_STOPPED,
   * `PAYROLL-IN|<job instance number of the run that suspended it>` for JOB_SUSPENDED,
   * `<trigger id>|<first missed fire time>` for MISFIRE, `<kind>|<server id>|<outage start, ISO 8601>`
   * for SERVER_UNREACHABLE (kind `api` or `sftp`: one alert per outage, decision 0049).
   */
  subject: string;
  legacyId: string | null;
  jobInstanceNo: string | null;
  /** yyyy-mm-dd in the job's zone (expectations), else null. */
  businessDay: string | null;
  /** Epoch ms (expectations), else null. */
  deadlineAt: number | null;
  /** Epoch ms, by the database's clock. */
  occurredAt: number;
}

export interface AlertSink {
  /**
   * Records the alert in the caller's transaction (so it commits with the state change that raised
   * it, or not at all) and queues its deliveries; answers false when this (company, condition,
   * subject) was raised before — nothing is recorded or sent again — or when no enabled rule of the
   * company routes it (nothing to record). RECOVERED also resolves the open LATE and MISSING alerts
   * of the same subject. `scope` must be a transaction. It never throws for a fault of its own: the
   * alert's writes are undone (a savepoint) and the fault reported, and the caller's state change
   * commits — an alert must not fail the run, the fire or the suspension that raised it.
   */
  raise(scope: WriteScope, alert: RaisedAlert): Promise<boolean>;
}

/** The alert conditions a resolution may close without a new alert (a server reachable again). */
export type ResolvableCondition = 'SERVER_UNREACHABLE';

/**
 * Where the engine resolves an open alert whose condition has ended and that has no alert of its own
 * (issue 35: a server reachable again resolves its outage's SERVER_UNREACHABLE — RECOVERED, which has
 * one, resolves LATE and MISSING through `raise`). modules/alerts implements it with the AlertSink.
 */
export interface AlertResolver {
  /**
   * Resolves, in the caller's transaction, the open (not acknowledged) alert of this company, condition
   * and subject, and cancels its escalation not yet sent; answers whether there was one. Like `raise`,
   * it never throws for a fault of its own.
   */
  resolve(
    scope: WriteScope,
    alert: { companyCode: string; condition: ResolvableCondition; subject: string },
  ): Promise<boolean>;
}
