import { describe, expect, it } from 'vitest';
import type { ChainJobWrite } from '@lis/contracts';
import type { MessageKey } from '../../i18n/messages.js';
import { expectRefusal, useServiceHarness, type ServiceHarness } from '../../test-support/service-harness.js';
import { DATABASE_KINDS } from '../../test-support/test-database.js';

const chain = (ChainId: string, over: Partial<ChainJobWrite> = {}): ChainJobWrite => ({
  CompanyCode: 'A',
  ChainId,
  ChainName: ` Chain ${ChainId} `,
  IsActive: 'true',
  LegacyList: 'JOB-1,old name|JOB-2',
  ...over,
});

async function seed(h: ServiceHarness): Promise<void> {
  const job = (companycode: string, legacyid: string) =>
    h.services.jobs.save(
      { companycode, legacyid, legacyname: `Job ${legacyid}`, legacytype: 'PULL_WAIT' },
      'add',
      'root',
    );
  await job('A', 'JOB-1');
  await job('A', 'JOB-2');
  await job('B', 'JOB-B');
  await h.services.chains.save(
    chain('CHAIN-B', { CompanyCode: 'B', LegacyList: 'JOB-B' }),
    'insert',
    'admin-b',
  );
}

describe.each(DATABASE_KINDS)('ChainJobService on %s', (kind) => {
  const h = useServiceHarness(kind, seed);
  const chains = () => h.services.chains;
  const list = async (username: string, companyCode?: string) =>
    (await chains().list(await h.identity(username), companyCode ? { companyCode } : {})).result_list;
  const triggers = async (company: string, chainId: string) =>
    (await h.services.scheduling.quartzRows([company]))
      .filter((row) => row.owner_kind === 'chain' && row.jobName === chainId)
      .map((row) => row.expression);

  it('adds a chain whose members carry their jobs’ current names; its cron becomes a trigger', async () => {
    const audit = await chains().save(
      chain('CHAIN-1', { CronTrigger: '0 0 6 * * ?', ImportantJob: 'TRUE' }),
      'insert',
      'a',
    );
    expect(audit.after).toEqual({
      companyCode: 'A',
      chainId: 'CHAIN-1',
      chainName: 'Chain CHAIN-1',
      legacyList: 'JOB-1,Job JOB-1|JOB-2,Job JOB-2',
      isActive: 'true',
      cronTrigger: '0 0 6 * * ?',
      importantJob: 'true',
    });
    expect(await triggers('A', 'CHAIN-1')).toEqual(['0 0 6 * * ?']);
  });

  it.each<[string, Partial<ChainJobWrite>, MessageKey]>([
    ['no member', { LegacyList: ' | ' }, 'chainJobNoMembers'],
    ['a member twice', { LegacyList: 'JOB-1|JOB-1,again' }, 'chainJobMemberDuplicate'],
    ['a blank member id', { LegacyList: ',name only' }, 'chainJobMemberInvalid'],
    ["another company's job", { LegacyList: 'JOB-1|JOB-B' }, 'chainJobMemberUnknown'],
    ['an invalid cron expression', { CronTrigger: '0 0 6 * * ? 1969' }, 'chainJobCronInvalid'],
    ['an ImportantJob that is neither true nor false', { ImportantJob: 'yes' }, 'chainJobImportantInvalid'],
  ])('refuses %s, and stores nothing', async (_what, fields, key) => {
    await expectRefusal(chains().save(chain('NEW', fields), 'insert', 'admin-a'), { kind: 'invalid', key });
    expect((await list('admin-a')).map((row) => row.chainId)).not.toContain('NEW');
  });

  it('refuses a second insert, an unknown company, and an update of a chain that is not there', async () => {
    await expectRefusal(chains().save(chain('CHAIN-1'), 'insert', 'admin-a'), {
      kind: 'conflict',
      key: 'chainJobDuplicate',
    });
    await expectRefusal(chains().save(chain('X', { CompanyCode: 'NOPE' }), 'insert', 'root'), {
      kind: 'invalid',
      key: 'unknownCompany',
    });
    await expectRefusal(chains().save(chain('CHAIN-B'), 'update', 'admin-a'), {
      kind: 'not_found',
      key: 'chainJobNotFound',
    });
  });

  it('an update without ImportantJob keeps it; removing the cron removes the trigger', async () => {
    const audit = await chains().save(
      chain('CHAIN-1', { LegacyList: 'JOB-2', IsActive: 'false' }),
      'update',
      'a',
    );
    expect(audit.after).toMatchObject({
      legacyList: 'JOB-2,Job JOB-2',
      isActive: 'false',
      importantJob: 'true',
      cronTrigger: '',
    });
    expect(await triggers('A', 'CHAIN-1')).toEqual([]);
  });

  it('keeps each company to its own chains: lists, exports and deletes', async () => {
    expect((await list('admin-b')).map((row) => row.chainId)).toEqual(['CHAIN-B']);
    expect((await list('admin-a')).map((row) => row.chainId)).toEqual(['CHAIN-1']);
    expect(await list('admin-a', 'B')).toEqual([]);
    expect(await list('user-a')).toEqual([]);
    expect((await chains().export(await h.identity('root'), {})).map((row) => row.chainId).sort()).toEqual([
      'CHAIN-1',
      'CHAIN-B',
    ]);
    await expectRefusal(chains().delete('A', 'CHAIN-B'), { kind: 'not_found', key: 'chainJobNotFound' });
    expect(await chains().delete('A', 'CHAIN-1')).toMatchObject({ before: { chainId: 'CHAIN-1' } });
    expect(await list('admin-a')).toEqual([]);
    expect((await list('admin-b')).map((row) => row.chainId)).toEqual(['CHAIN-B']);
  });
});
