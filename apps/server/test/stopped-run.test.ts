import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import type { DailyReportResponse, DayTimelineResponse, LegacyReportResponse } from '@lis/contracts';
import { eventually } from '../src/test-support/eventually.js';
import { canRunOpenSsh } from '../src/test-support/openssh-server.js';
import { DATABASE_KINDS } from '../src/test-support/test-database.js';
import { usePipelinePeers, usePipelineScene } from './pipeline-scene.js';

const peers = usePipelinePeers();

/**
 * yyyymmdd of today in the test app's zone (createTestApp's LIS_TIMEZONE, Asia/Bangkok: the reports'
 * day) — not UTC's, which is the day before from 17:00 UTC on.
 */
const today = () =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Bangkok' }).format(new Date()).replaceAll('-', '');

/**
 * Issue 31: an operator's Stop is STOPPED — not ERROR — wherever a run's state is read through the API
 * (the monitoring list and the wall display's `/v1/legacy/report`, Monitor Detail's and the task
 * list's `/v1/legacy/task`, its xlsx export, the Daily Report, the day timeline, `/metrics`), it counts
 * in no error total and sends no status e-mail; the step it interrupted is STOPPED and may be re-run.
 */
describe.skipIf(!canRunOpenSsh()).each(DATABASE_KINDS)('a run stopped by an operator (%s)', (kind) => {
  const scene = usePipelineScene(kind, peers);

  async function startSlowRun(legacyId: string): Promise<string> {
    const r = await scene.t.as('admin-a', {
      url: `/v1/lis-server/run-immediate?sid=555&company_code=A&legacy_id=${legacyId}&legacy_type=PULL_WAIT`,
    });
    expect(r.statusCode, r.body).toBe(200);
    const instance = r.json().job_instance_no as string;
    await stepTwoRunning(instance);
    return instance;
  }

  /** Step 2 (the call to Demo/slow, which answers after 60 s) is running. */
  async function stepTwoRunning(instance: string): Promise<void> {
    const db = scene.t.database.db.kysely;
    await eventually(
      async () => {
        const step = await db
          .selectFrom('run_steps')
          .innerJoin('job_runs', 'job_runs.id', 'run_steps.run_id')
          .select(['run_steps.status', 'job_runs.state'])
          .where('job_runs.job_instance_no', '=', instance)
          .where('run_steps.step', '=', 2)
          .executeTakeFirst();
        return step?.status === 'RUNNING' && step.state === 'RUNNING';
      },
      { timeout: 20_000, interval: 50, message: 'step 2 to start' },
    );
  }

  async function stop(legacyId: string, instance: string) {
    const r = await scene.t.as('user-a', {
      method: 'POST',
      url: `/v1/lis-server/cancel?sid=555&company_code=A&legacy_id=${legacyId}&job_instance_no=${instance}`,
    });
    expect(r.statusCode, r.body).toBe(200);
    return scene.waitForRun(instance);
  }

  it('is STOPPED in every list, report, export and metric, counted in no error total, mailed to nobody', async () => {
    await scene.addJob('STOP-1', {
      legacytype: 'PULL_WAIT',
      api_classname: 'Demo',
      api_function_name: 'slow',
      email_error_is_active: 'Y',
      email_error_to: 'ops@example.test',
    });
    const instance = await startSlowRun('STOP-1');
    const run = await stop('STOP-1', instance);
    expect(run).toMatchObject({ state: 'STOPPED', message: 'stopped by user-a' });

    // The monitoring list (and the wall display, which reads it): STOPPED, step 2 STOPPED.
    const report = await scene.t.as('user-a', { url: '/v1/legacy/report?sid=555&company_code=A' });
    expect(report.statusCode, report.body).toBe(200);
    const row = (report.json() as LegacyReportResponse).result_list.find((r) => r.legacyid === 'STOP-1');
    expect(row).toMatchObject({ status: 'STOPPED', step2_status: 'STOPPED', job_instanceno: instance });
    expect(row?.send_email_status).toBe('');

    // The task list and Monitor Detail (which reads the task list): found by STOPPED, not by ERROR.
    const task = (status: string) =>
      scene.t.as('user-a', {
        url: `/v1/legacy/task?sid=555&company_code=A&legacy_id=STOP-1&status=${status}&page=1&page_size=25`,
      });
    const stopped = await task('STOPPED');
    expect(stopped.statusCode, stopped.body).toBe(200);
    expect(stopped.json().result_list).toEqual([
      expect.objectContaining({ job_instanceno: instance, status: 'STOPPED', step2_status: 'STOPPED' }),
    ]);
    expect((await task('ERROR')).json().total_count).toBe(0);
    const detail = await scene.t.as('user-a', {
      url: `/v1/legacy/task?sid=555&company_code=A&legacy_id=STOP-1&job_instance_no=${instance}&page=1&page_size=25`,
    });
    expect(detail.json().result_list[0]).toMatchObject({ status: 'STOPPED', message: 'stopped by user-a' });

    // The task list's xlsx export: the Status column says STOPPED.
    const day = today();
    const exported = await scene.t.as('user-a', {
      url: `/v1/legacy/task/export?sid=555&company_code=A&legacy_id=STOP-1&job_started_on_from=${day}000000&job_started_on_to=${day}000000`,
    });
    expect(exported.statusCode, exported.body.slice(0, 300)).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(exported.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    const header = (sheet.getRow(1).values as unknown[]).map(String);
    const statusColumn = header.indexOf('Status');
    expect(statusColumn).toBeGreaterThan(0);
    expect(String(sheet.getRow(2).getCell(statusColumn).value)).toBe('STOPPED');
    expect(String(sheet.getRow(2).getCell(header.indexOf('Call Function Status')).value)).toBe('STOPPED');

    // The Daily Report (also /report): a stopped run of its own, no error.
    const daily = await scene.t.as('user-a', {
      url: `/v1/legacy/daily-report?sid=555&company_code=A&date_from=${day}&date_to=${day}`,
    });
    expect(daily.statusCode, daily.body).toBe(200);
    const counted = (daily.json() as DailyReportResponse).result_list.find((r) => r.legacyid === 'STOP-1');
    expect(counted).toMatchObject({ run_count: 1, stopped_count: 1, error_count: 0, running_count: 0 });

    // The day timeline of Daily Report / Expected Run Job: a STOPPED bar.
    const timeline = await scene.t.as('user-a', {
      url: `/v1/reports/day-timeline?sid=555&company_code=A&date=${day}`,
    });
    expect(timeline.statusCode, timeline.body).toBe(200);
    const lane = (timeline.json() as DayTimelineResponse).lanes.find((l) => l.legacyid === 'STOP-1');
    expect(lane?.runs.map((r) => r.state)).toEqual(['STOPPED']);

    // /metrics: an outcome of its own; the ERROR outcome does not count it.
    const metrics = await scene.t.as('root', { url: '/metrics' });
    expect(metrics.statusCode).toBe(200);
    expect(metrics.body).toContain('lis_runs_total{outcome="STOPPED"} 1');
    expect(metrics.body).toContain('lis_runs_total{outcome="ERROR"} 0');

    // No status e-mail: the job mails its errors, and a Stop is none.
    const mails = await scene.t.database.db.kysely
      .selectFrom('mail_outbox')
      .select('seq')
      .where('job_instance_no', '=', instance)
      .execute();
    expect(mails).toEqual([]);

    // The log says who stopped it, as a WARNING (not an ERROR line).
    const log = await scene.t.as('user-a', {
      url: `/v1/system/log?sid=555&company_code=A&job_instanceno=${instance}&page=1&page_size=50`,
    });
    const lines = log.json().result_list as { log_type: string; message: string }[];
    expect(lines).toContainEqual(
      expect.objectContaining({ log_type: 'WARNING', message: 'run stopped by user-a' }),
    );
    expect(lines.filter((line) => line.log_type === 'ERROR')).toEqual([]);
  });

  it('the step a Stop interrupted may be re-run, and a second Stop ends the run STOPPED again', async () => {
    await scene.addJob('STOP-2', {
      legacytype: 'PULL_WAIT',
      api_classname: 'Demo',
      api_function_name: 'slow',
    });
    const instance = await startSlowRun('STOP-2');
    expect(await stop('STOP-2', instance)).toMatchObject({ state: 'STOPPED' });
    const rerun = await scene.t.as('user-a', {
      url: `/v1/lis-server/run-step?sid=555&company_code=A&legacy_type=PULL_WAIT&legacy_id=STOP-2&job_instance_no=${instance}&step=2`,
    });
    expect(rerun.statusCode, rerun.body).toBe(200);
    await stepTwoRunning(instance);
    expect(await stop('STOP-2', instance)).toMatchObject({ state: 'STOPPED', message: 'stopped by user-a' });
    expect(await scene.stepsOf((await scene.waitForRun(instance)).id)).toEqual({ 2: 'STOPPED' });
  });
});
