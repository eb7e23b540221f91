import { describe, expect, it } from 'vitest';
import type { JobConfigWrite } from '@lis/contracts';
import type { MessageKey } from '../../i18n/messages.js';
import { expectRefusal, useServiceHarness, type ServiceHarness } from '../../test-support/service-harness.js';
import { DATABASE_KINDS } from '../../test-support/test-database.js';

const job = (legacyid: string, over: Partial<JobConfigWrite> = {}): JobConfigWrite => ({
  companycode: 'A',
  legacyid,
  legacyname: ` Job ${legacyid} `,
  legacytype: 'IN_WAIT',
  isactive: 'Y',
  ...over,
});

async function seed(h: ServiceHarness): Promise<void> {
  for (const company of ['A', 'B']) {
    const server = { companycode: company, sftp_ip: '127.0.0.1', sftp_username: 'u', sftp_password: 'p' };
    await h.services.sftpServers.save({ ...server, sftp_server_id: `sftp-${company}` }, 'add', 'root');
  }
  await h.services.jobs.save(job('B-JOB', { companycode: 'B' }), 'add', 'admin-b');
}

describe.each(DATABASE_KINDS)('JobConfigService on %s', (kind) => {
  const h = useServiceHarness(kind, seed);
  const jobs = () => h.services.jobs;
  const triggers = async (company: string, legacyId: string) =>
    (await h.services.scheduling.quartzRows([company]))
      .filter((row) => row.jobName === legacyId)
      .map((row) => row.expression)
      .sort();

  it('adds a job with its defaults filled and lists normalised; its cron expressions become triggers', async () => {
    await jobs().save(
      job('IN-1', {
        cron_trigger: ' 0 0/5 * * * ? | | 0 0 12 * * ?',
        email_error_to: ' ops@example.com | | x @example.com ',
        sftp_source_server_id: 'sftp-A',
        sftp_source_path: '/in',
      }),
      'add',
      'admin-a',
    );
    expect(await jobs().get('A', 'IN-1')).toMatchObject({
      legacyname: 'Job IN-1',
      hassuspend: 'N',
      important_job: 'False',
      cron_trigger: '0 0/5 * * * ?|0 0 12 * * ?',
      email_error_to: 'ops@example.com|x@example.com',
      sftp_return_success_path: 'return_success',
      sftp_source_exclude_names: '',
    });
    expect(await triggers('A', 'IN-1')).toEqual(['0 0 12 * * ?', '0 0/5 * * * ?']);
  });

  it.each<[string, Partial<JobConfigWrite>, MessageKey]>([
    ['a cron expression Quartz would refuse', { cron_trigger: '0 0 25 * * ?' }, 'jobConfigCronInvalid'],
    [
      'a file-name pattern that is no regular expression',
      { sftp_source_formatfilename: '([' },
      'jobConfigRegexInvalid',
    ],
    ['a relative source path', { sftp_source_path: 'in/today' }, 'jobConfigPathInvalid'],
    ['a sub-folder climbing out', { sftp_return_success_path: '../elsewhere' }, 'jobConfigFolderInvalid'],
    ['a control character in a text field', { api_classname: 'Demo\u0007' }, 'jobConfigTextInvalid'],
    ["another company's sFTP server", { sftp_source_server_id: 'sftp-B' }, 'jobConfigServerUnknown'],
    ['itself as predecessor', { legacy_criteria: 'NEW-1' }, 'jobConfigPredecessorSelf'],
    ["another company's job as predecessor", { legacy_criteria: 'B-JOB' }, 'jobConfigPredecessorUnknown'],
    [
      'a done-marker that is a path',
      { sftp_source_done_marker: '../{name}.done' },
      'jobConfigDoneMarkerInvalid',
    ],
  ])('refuses %s, and stores nothing', async (_what, fields, key) => {
    await expectRefusal(jobs().save(job('NEW-1', fields), 'add', 'admin-a'), { kind: 'invalid', key });
    await expectRefusal(jobs().get('A', 'NEW-1'), { kind: 'not_found', key: 'jobConfigNotFound' });
  });

  it('refuses a second add, an add to an unknown company and an update of a job that is not there', async () => {
    await expectRefusal(jobs().save(job('IN-1'), 'add', 'admin-a'), {
      kind: 'conflict',
      key: 'jobConfigDuplicate',
    });
    await expectRefusal(jobs().save(job('X', { companycode: 'NOPE' }), 'add', 'root'), {
      kind: 'invalid',
      key: 'unknownCompany',
    });
    await expectRefusal(jobs().save(job('B-JOB'), 'update', 'admin-a'), {
      kind: 'not_found',
      key: 'jobConfigNotFound',
    });
  });

  it('an update keeps what it does not name; removing the cron removes the triggers', async () => {
    await jobs().save(
      job('KEEP-1', {
        cron_trigger: '0 0 1 * * ?',
        sftp_source_min_age_seconds: 90,
        sftp_source_done_marker: '{name}.ok',
      }),
      'add',
      'admin-a',
    );
    const audit = await jobs().save(
      job('KEEP-1', { legacyname: 'Renamed', cron_trigger: '' }),
      'update',
      'admin-a',
    );
    expect(audit).toMatchObject({ before: { legacyname: 'Job KEEP-1' }, after: { legacyname: 'Renamed' } });
    expect(await jobs().get('A', 'KEEP-1')).toMatchObject({
      sftp_source_min_age_seconds: 90,
      sftp_source_done_marker: '{name}.ok',
      cron_trigger: '',
    });
    expect(await triggers('A', 'KEEP-1')).toEqual([]);
  });

  it('sets the scheduling policies, keeps them when an update leaves them out, and hands the misfire policy to the triggers', async () => {
    const triggerPolicies = async () =>
      (
        await h.db.kysely
          .selectFrom('triggers')
          .select('misfire_policy')
          .where('company_code', '=', 'A')
          .where('owner_id', '=', 'POL-1')
          .execute()
      ).map((row) => row.misfire_policy);
    await jobs().save(job('POL-1', { cron_trigger: '0 0 1 * * ?|0 0 2 * * ?' }), 'add', 'admin-a');
    expect(await jobs().get('A', 'POL-1')).toMatchObject({
      overlap_policy: 'skip',
      misfire_policy: 'fire_once_now',
    });
    expect(await triggerPolicies()).toEqual(['fire_once_now', 'fire_once_now']);

    const audit = await jobs().save(
      job('POL-1', {
        overlap_policy: 'buffer_one',
        misfire_policy: 'do_nothing',
        cron_trigger: '0 0 1 * * ?|0 0 2 * * ?',
      }),
      'update',
      'admin-a',
    );
    expect(audit).toMatchObject({
      before: { overlap_policy: 'skip', misfire_policy: 'fire_once_now' },
      after: { overlap_policy: 'buffer_one', misfire_policy: 'do_nothing' },
    });
    expect(await triggerPolicies()).toEqual(['do_nothing', 'do_nothing']);

    // A client that does not know the policies (the legacy form) leaves them as they are.
    await jobs().save(
      job('POL-1', { legacyname: 'Renamed', cron_trigger: '0 0 1 * * ?|0 0 2 * * ?' }),
      'update',
      'admin-a',
    );
    expect(await jobs().get('A', 'POL-1')).toMatchObject({
      legacyname: 'Renamed',
      overlap_policy: 'buffer_one',
      misfire_policy: 'do_nothing',
    });
    expect(await triggerPolicies()).toEqual(['do_nothing', 'do_nothing']);
  });

  it('keeps each company to its own jobs: lists, exports and deletes', async () => {
    const ids = async (username: string) =>
      (await jobs().list(await h.identity(username), {})).result_list.map(
        (r) => `${r.companycode}/${r.legacyid}`,
      );
    expect(await ids('admin-b')).toEqual(['B/B-JOB']);
    expect(await ids('admin-a')).not.toContain('B/B-JOB');
    expect(await ids('user-a')).toEqual([]);
    const exported = await jobs().export(await h.identity('admin-a'), { legacy_id: 'IN-1' });
    expect(exported.result_list).toEqual([
      expect.objectContaining({ legacyid: 'IN-1', sftp_source_path: '/in' }),
    ]);

    await expectRefusal(jobs().delete('A', 'B-JOB'), { kind: 'not_found', key: 'jobConfigNotFound' });
    expect(await ids('admin-b')).toEqual(['B/B-JOB']);
    await jobs().delete('A', 'IN-1');
    await expectRefusal(jobs().get('A', 'IN-1'), { kind: 'not_found', key: 'jobConfigNotFound' });
    expect(await triggers('A', 'IN-1')).toEqual([]);
  });
});
